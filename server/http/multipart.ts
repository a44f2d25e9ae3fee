/**
 * Multipart handling. Files stream straight to a temporary file under DATA_DIR/tmp (never held in
 * memory), with a byte limit per field; text fields are collected. Whatever happens (limit hit,
 * client aborts, a later validation fails), `cleanup()` removes every temp file still owned.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { LIMITS } from '../../contract/limits.js';
import { drainRequestBody } from './drain-request.js';
import { markFormBody } from './form-bodies.js';
import { fieldLabel } from '../../contract/field-messages.js';
import {
  invalid,
  emptyFile,
  fieldRefusal,
  fileTooLarge,
  tooLarge,
  unsupported,
  type DomainError,
  type ErrorKind,
} from '../errors.js';
import type { ReceivedFile } from '../media/received-file.js';

export type { ReceivedFile };

export interface FileRule {
  maxBytes: number;
}

export interface ReceivedForm {
  fields: Record<string, string>;
  files: Partial<Record<string, ReceivedFile>>;
  /** Removes temp files that were not handed over (safe to call twice). */
  cleanup(): Promise<void>;
}

class ByteLimit extends Transform {
  bytes = 0;
  constructor(
    private readonly max: number,
    private readonly onExceeded: () => Error,
  ) {
    super();
  }
  override _transform(
    chunk: Buffer,
    _enc: BufferEncoding,
    done: (e?: Error | null, c?: Buffer) => void,
  ) {
    this.bytes += chunk.length;
    if (this.bytes > this.max) return done(this.onExceeded());
    done(null, chunk);
  }
}

/** "avatar: Profile picture is too long": a part refused, named by its label. */
const partRefusal = (kind: ErrorKind, field: string, predicate: string) =>
  fieldRefusal(kind, field, `${fieldLabel(field)} ${predicate}`);

export function fileRule(maxBytes: number): FileRule {
  return { maxBytes };
}

/** Every uploaded picture (avatar, cover, thumbnail) has the same limit. */
export const IMAGE_RULE = fileRule(LIMITS.imageBytes);

/**
 * The multipart parser's words for a body that cannot be read, as a 400 that says what is wrong
 * (left alone they would be a 500: the client's mistake, not ours).
 */
function brokenBodyError(error: unknown): DomainError | undefined {
  const message = error instanceof Error ? error.message : '';
  if (/boundary not found/i.test(message)) {
    return invalid('Content-Type: multipart/form-data needs a boundary parameter');
  }
  if (/unexpected end of multipart data/i.test(message)) {
    return invalid('body: The multipart body is cut off before its closing boundary');
  }
  return undefined;
}

/**
 * Reads a multipart request. `rules` names the file fields that are accepted; any other file
 * field is a 400. The request must be multipart (415 otherwise).
 */
export async function receiveForm(
  request: FastifyRequest,
  tmpDir: string,
  rules: Record<string, FileRule>,
): Promise<ReceivedForm> {
  if (!request.isMultipart()) throw unsupported('Expected multipart/form-data');
  await mkdir(tmpDir, { recursive: true });
  const fields: Record<string, string> = {};
  const files: Partial<Record<string, ReceivedFile>> = {};
  const owned: string[] = [];
  const cleanup = async () => {
    await Promise.all(owned.splice(0).map((p) => rm(p, { force: true })));
  };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value !== 'string')
          throw partRefusal('invalid', part.fieldname, 'must be text');
        if (part.valueTruncated) throw partRefusal('too-large', part.fieldname, 'is too long');
        fields[part.fieldname] = part.value;
        continue;
      }
      const rule = rules[part.fieldname];
      if (!rule) {
        part.file.resume();
        throw partRefusal('invalid', part.fieldname, 'is not a file this call takes');
      }
      if (files[part.fieldname])
        throw partRefusal('invalid', part.fieldname, 'must be one file, not several');
      const tmpPath = path.join(tmpDir, `upload-${randomBytes(12).toString('hex')}`);
      owned.push(tmpPath);
      const limiter = new ByteLimit(rule.maxBytes, () =>
        fileTooLarge(part.fieldname, rule.maxBytes),
      );
      const sink = createWriteStream(tmpPath);
      try {
        await pipeline(part.file, limiter, sink);
      } catch (error) {
        // A body cut off early can fail the pipeline before the file is even open; its close
        // comes after the open, so wait for it, or the cleanup below would run first and the
        // file would appear after it, left behind.
        if (!sink.closed) await once(sink, 'close').catch(() => undefined);
        throw error;
      }
      if (part.file.truncated) {
        throw fileTooLarge(part.fieldname, rule.maxBytes);
      }
      if (limiter.bytes === 0) throw emptyFile(part.fieldname);
      files[part.fieldname] = {
        field: part.fieldname,
        filename: part.filename,
        mimetype: part.mimetype,
        path: tmpPath,
        bytes: limiter.bytes,
      };
    }
  } catch (error) {
    drainRequestBody(request);
    await cleanup();
    const code = (error as { code?: string }).code;
    if (
      code === 'FST_REQ_FILE_TOO_LARGE' ||
      code === 'FST_FILES_LIMIT' ||
      code === 'FST_PARTS_LIMIT'
    ) {
      throw tooLarge('Upload exceeds the allowed size');
    }
    throw brokenBodyError(error) ?? error;
  }
  return { fields, files, cleanup };
}

/**
 * preValidation hook for JSON routes that clients may also send as multipart (API.md: accept JSON,
 * urlencoded and multipart for non-file calls). Files are refused.
 */
export async function multipartFieldsToBody(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const body: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        part.file.resume();
        throw partRefusal('invalid', part.fieldname, 'is a file, and this call takes none');
      }
      body[part.fieldname] = String(part.value);
    }
  } catch (error) {
    drainRequestBody(request);
    throw brokenBodyError(error) ?? error;
  }
  request.body = markFormBody(body);
}
