/**
 * The domain's refusals: what went wrong, in the product's words, with no HTTP in sight. Services,
 * media and storage throw these; the HTTP layer's error handler (http/error-handler.ts) is the one
 * place that turns a kind into a status and the envelope. Anything else thrown becomes a 500 with
 * a generic message there: internals never reach a client.
 */
import {
  FIELD_SENTENCES,
  fieldLabel,
  fieldMessage,
  ruleSentence,
} from '../contract/field-messages.js';

/** Why a request cannot be done. Every kind has exactly one status in http/error-handler.ts. */
export type ErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-large'
  | 'unsupported'
  | 'too-many'
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const isDomainError = (error: unknown, kind?: ErrorKind): error is DomainError =>
  error instanceof DomainError && (kind === undefined || error.kind === kind);

export const invalid = (message: string) => new DomainError('invalid', message);
export const unauthorized = (message = 'Unauthorized request') =>
  new DomainError('unauthorized', message);
export const forbidden = (message = 'You are not allowed to do this') =>
  new DomainError('forbidden', message);
export const notFound = (message = 'Not found') => new DomainError('not-found', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const tooLarge = (message: string) => new DomainError('too-large', message);
export const unsupported = (message: string) => new DomainError('unsupported', message);
export const tooMany = (message: string) => new DomainError('too-many', message);
export const unavailable = (message: string) => new DomainError('unavailable', message);

/**
 * A refusal of one field, worded for people (contract/field-messages.ts): "field: Sentence", so
 * the client can show the sentence beside the field.
 */
export const fieldRefusal = (kind: ErrorKind, field: string, sentence: string) =>
  new DomainError(kind, fieldMessage(field, sentence));

export const requiredField = (field: string) =>
  fieldRefusal('invalid', field, ruleSentence(field, 'required'));
export const emptyFile = (field: string) =>
  fieldRefusal('invalid', field, FIELD_SENTENCES.fileEmpty(fieldLabel(field)));
export const fileTooLarge = (field: string, maxBytes: number) =>
  fieldRefusal('too-large', field, FIELD_SENTENCES.fileTooLarge(fieldLabel(field), maxBytes));
export const unreadableImage = (field: string) =>
  fieldRefusal('unsupported', field, FIELD_SENTENCES.imageUnreadable(fieldLabel(field)));
