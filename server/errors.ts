/**
 * HttpError carries a status and a client-safe message. Anything else thrown in a handler becomes a
 * 500 with a generic message (see error-handler.ts): internals never reach a client.
 */
import {
  FIELD_SENTENCES,
  fieldLabel,
  fieldMessage,
  ruleSentence,
} from '../contract/field-messages.js';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Unauthorized request') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do this') =>
  new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
export const unsupportedMedia = (message: string) => new HttpError(415, message);

/**
 * A refusal of one field, worded for people (contract/field-messages.ts): "field: Sentence", so
 * the client can show the sentence beside the field.
 */
export const fieldRefusal = (statusCode: number, field: string, sentence: string) =>
  new HttpError(statusCode, fieldMessage(field, sentence));

export const requiredField = (field: string) =>
  fieldRefusal(400, field, ruleSentence(field, 'required'));
export const emptyFile = (field: string) =>
  fieldRefusal(400, field, FIELD_SENTENCES.fileEmpty(fieldLabel(field)));
export const fileTooLarge = (field: string, maxBytes: number) =>
  fieldRefusal(413, field, FIELD_SENTENCES.fileTooLarge(fieldLabel(field), maxBytes));
export const unreadableImage = (field: string) =>
  fieldRefusal(415, field, FIELD_SENTENCES.imageUnreadable(fieldLabel(field)));
