/** Small pure checks shared by the account machines (and usable by views). */
import { parseFieldMessages } from '../contract/field-messages.js';

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

function messageOf(error: unknown): string | null {
  return error instanceof Error && error.message !== '' ? error.message : null;
}

/**
 * The message of a failed actor's error (an ApiError carries the server's text), or a fallback.
 * The field names the server puts first for programs ("email: An account with this email already
 * exists") are left out: a person reads the sentences.
 */
export function errorMessage(error: unknown, fallback: string): string {
  const message = messageOf(error);
  if (message === null) return fallback;
  return parseFieldMessages(message)
    .map((part) => part.text)
    .join('. ');
}

/**
 * The server's sentences per field it names (`email` → "An account with this email already
 * exists"), for a form that shows each beside its field; {} when the error names no field.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const message = messageOf(error);
  const errors: Record<string, string> = {};
  for (const part of message === null ? [] : parseFieldMessages(message)) {
    if (part.field !== null) errors[part.field] ??= part.text;
  }
  return errors;
}

/** The HTTP status a failed actor's error carries (an ApiError has one); 0 when it has none. */
export function errorStatus(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 0;
}
