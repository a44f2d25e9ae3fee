/**
 * Multipart routes with files, validated by the route's own body schema: a preValidation hook
 * streams the files to temp files (http/multipart.ts `receiveForm`) and puts the text fields into
 * `request.body`, each received file as its original file name under its field name (so the
 * schema can require it and the OpenAPI document shows it). The handler takes the files with
 * `receivedFiles(request)`; an onSend hook removes the temp files before any response leaves,
 * whether the handler ran, failed, or validation refused the request.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { markFormBody } from './form-bodies.js';
import { receiveForm, type FileRule, type ReceivedForm } from './multipart.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The form receiveMultipartBody took in; null on every other request. */
    receivedForm: ReceivedForm | null;
  }
}

/**
 * Gives every request the slot its received form is kept in. A request decoration, declared
 * once, keeps the form with its request (no registry beside it) and every request object the
 * same shape, which is what keeps V8's property access on requests fast.
 */
export function installMultipartBody(app: FastifyInstance): void {
  app.decorateRequest('receivedForm', null);
}

export interface MultipartBodyOptions {
  /** Let JSON and urlencoded bodies through untouched (a call whose files are all optional). */
  allowOtherBodies?: boolean;
}

export function receiveMultipartBody(
  tmpDir: string,
  rules: Record<string, FileRule>,
  options: MultipartBodyOptions = {},
) {
  return async function receiveMultipartIntoBody(request: FastifyRequest): Promise<void> {
    if (!request.isMultipart() && options.allowOtherBodies) return;
    const form = await receiveForm(request, tmpDir, rules);
    request.receivedForm = form;
    const body: Record<string, string> = { ...form.fields };
    for (const [field, file] of Object.entries(form.files)) {
      if (file) body[field] = file.filename || field;
    }
    request.body = markFormBody(body);
  };
}

export function receivedFiles(request: FastifyRequest): ReceivedForm['files'] {
  return request.receivedForm?.files ?? {};
}

export async function cleanupMultipartBody(
  request: FastifyRequest,
  _reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  await request.receivedForm?.cleanup();
  return payload;
}
