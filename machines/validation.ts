/** Small pure checks shared by the account machines (and usable by views). */

/** Blank means empty or only whitespace (spec §5: "non-blank after trimming"). */
export function isBlank(value: string): boolean {
  return value.trim() === '';
}

export function allFilled(values: readonly string[]): boolean {
  return values.every((v) => !isBlank(v));
}

/** Image pickers and the drop zone accept only types starting with image/ (spec §5). */
export function isImageFile(file: Blob): boolean {
  return file.type.startsWith('image/');
}

/** The message of a failed actor's error (an ApiError carries the server's text), or a fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message !== '' ? error.message : fallback;
}

/** The HTTP status a failed actor's error carries (an ApiError has one); 0 when it has none. */
export function errorStatus(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 0;
}
