/**
 * Reads a seek-preview map (issue 34): a WebVTT file whose cues name a tile of a sprite sheet
 * (`sprite.jpg#xywh=x,y,w,h`). The sprite's name is resolved against the map's address (the
 * one asked for, not where a redirect led: a signed bucket URL would not carry over).
 */

export interface PreviewTile {
  start: number;
  end: number;
  /** Absolute URL of the sprite sheet. */
  sprite: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

const TIME = /^(?:(\d+):)?(\d{2}):(\d{2})\.(\d{3})$/;

function seconds(stamp: string): number | null {
  const m = TIME.exec(stamp.trim());
  if (!m) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
}

export function parsePreviewMap(text: string, mapUrl: string): PreviewTile[] {
  const lines = text.split(/\r?\n/);
  if (!lines[0]?.startsWith('WEBVTT')) return [];
  const tiles: PreviewTile[] = [];
  for (let i = 0; i < lines.length - 1; i++) {
    const [from, to] = lines[i]!.split('-->');
    if (to === undefined) continue;
    const start = seconds(from!);
    const end = seconds(to.trim().split(/\s/)[0]!);
    const [file, fragment] = lines[i + 1]!.trim().split('#xywh=');
    const box = fragment?.split(',').map(Number);
    if (start === null || end === null || !file || box?.length !== 4) continue;
    if (box.some((n) => !Number.isFinite(n))) continue;
    let sprite: string;
    try {
      sprite = new URL(file, mapUrl).toString();
    } catch {
      continue;
    }
    const [x, y, width, height] = box as [number, number, number, number];
    tiles.push({ start, end, sprite, x, y, width, height });
  }
  return tiles;
}

/** The tile showing at `time`: the cue covering it, else the nearest one before it. */
export function tileAt(tiles: readonly PreviewTile[], time: number): PreviewTile | null {
  let found: PreviewTile | null = null;
  for (const tile of tiles) {
    if (tile.start <= time) found = tile;
    else break;
  }
  return found ?? tiles[0] ?? null;
}
