/**
 * A byte count as people read it, the same on the server (a refused file's "larger than 10 MB")
 * and in the SPA (the upload's "12.4 MB of 80 MB"). Binary units, as the limits are set
 * (LIMITS.imageBytes is 10 × 1024², MAX_VIDEO_BYTES 2 × 1024³), so a limit reads as the round
 * number it is; one decimal, without a trailing ".0".
 */
const UNITS = [
  ['GB', 1024 ** 3],
  ['MB', 1024 ** 2],
  ['KB', 1024],
] as const;

export function formatBytes(bytes: number): string {
  const n = Math.max(0, bytes);
  for (const [unit, size] of UNITS) {
    // 1023.96 KB would round to "1024 KB": it is shown as the next unit up.
    if (n >= size * 0.99995) return `${+(n / size).toFixed(1)} ${unit}`;
  }
  return `${Math.round(n)} B`;
}
