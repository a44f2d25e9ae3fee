/**
 * Resumable uploads that any replica can continue (used with S3_BUCKET): the upload's length,
 * bytes received and metadata are a row of `resumable_uploads`, and each PATCH's bytes one object
 * in the media store, so a balancer needs no stickiness: create on one replica, PATCH on another,
 * finish on a third.
 *
 * Why not @tus/s3-store: it keeps its offset in the bucket's multipart-upload state (ListParts,
 * parts of at least 5 MiB), which S3-compatible servers implement unevenly (s3rver, our test
 * bucket, has no ListParts); objects and one row need nothing beyond PUT, GET and DELETE.
 *
 * A PATCH is spooled to this replica's tmp/ (so a connection lost mid-way still keeps what
 * arrived, as tus' file store does), stored as one object under a fresh key, and appended to the
 * row only if the row still ends where the PATCH began: two PATCHes racing on two replicas cannot
 * both append, and the loser's object is deleted (409, the client asks HEAD and resumes). The
 * media journal names each chunk while it is in flight, and the reconciliation counts the chunks
 * of live uploads as referenced (media-reconcile.ts).
 */
/* eslint-disable @typescript-eslint/only-throw-error -- tus answers with what its stores throw: its ERRORS objects (status and body), not Error instances. */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DataStore, ERRORS, Upload } from '@tus/server';
import { and, eq, lt, isNull, or, sql } from 'drizzle-orm';
import type { ServerContext } from '../context.js';
import { resumableUploads } from '../db/schema.js';
import { TUS_EXTENSIONS } from './tus-server.http.js';
import type { LocalUploadFile, ResumableStore } from './resumable-store.types.js';

/** How long a finish holds its claim without renewing it (a replica killed mid-finish). */
const FINISH_LEASE_SECONDS = 120;
const FINISH_RENEW_MS = 30_000;

const chunkKey = (id: string) => `uploads/${id}-${randomBytes(8).toString('hex')}.part`;

export class BucketUploadStore extends DataStore implements ResumableStore {
  constructor(private readonly ctx: ServerContext) {
    super();
    this.extensions = [...TUS_EXTENSIONS];
  }

  override async create(upload: Upload): Promise<Upload> {
    if (upload.size === undefined) throw ERRORS.INVALID_LENGTH;
    await this.ctx.db.insert(resumableUploads).values({
      id: upload.id,
      size: upload.size,
      metadata: (upload.metadata ?? {}) as Record<string, string>,
    });
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const [row] = await this.ctx.db
      .select()
      .from(resumableUploads)
      .where(eq(resumableUploads.id, id));
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return new Upload({
      id,
      size: row.size,
      offset: row.received,
      metadata: row.metadata,
      creation_date: row.createdAt.toISOString(),
    });
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const spool = path.join(this.ctx.tmpDir, `tus-${id}-${randomBytes(6).toString('hex')}`);
    let received = 0;
    let failure: unknown;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        callback(null, chunk);
      },
    });
    try {
      try {
        await pipeline(readable, count, createWriteStream(spool));
      } catch (error) {
        failure = error; // keep what arrived: the client resumes after it
      }
      if (received > 0) await this.append(id, offset, received, spool);
    } finally {
      await rm(spool, { force: true });
    }
    if (failure) throw ERRORS.FILE_WRITE_ERROR;
    return offset + received;
  }

  /** Stores the spooled bytes as the upload's next chunk, if nobody appended meanwhile. */
  private async append(id: string, offset: number, bytes: number, spool: string): Promise<void> {
    const { db, journal, storage } = this.ctx;
    const key = chunkKey(id);
    await journal.record([key]);
    await storage.put(key, spool, 'application/octet-stream');
    const appended = await db.transaction(async (tx) => {
      const rows = await tx
        .update(resumableUploads)
        .set({
          received: offset + bytes,
          chunkKeys: sql`array_append(${resumableUploads.chunkKeys}, ${key})`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(resumableUploads.id, id), eq(resumableUploads.received, offset)))
        .returning({ id: resumableUploads.id });
      if (rows.length > 0) await journal.clear([key], tx);
      return rows.length > 0;
    });
    if (!appended) {
      await storage.delete(key);
      await journal.clear([key]);
      throw ERRORS.INVALID_OFFSET;
    }
  }

  override async remove(id: string): Promise<void> {
    const [row] = await this.ctx.db
      .delete(resumableUploads)
      .where(eq(resumableUploads.id, id))
      .returning({ chunkKeys: resumableUploads.chunkKeys });
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    // Unnamed now: a chunk left by a crash here is an orphan the reconciliation removes.
    await Promise.all(row.chunkKeys.map((key) => this.ctx.storage.delete(key)));
  }

  /** Concatenates the chunks from the bucket into one file in tmp/, for ffprobe and ffmpeg. */
  async localFile(upload: Upload): Promise<LocalUploadFile> {
    const [row] = await this.ctx.db
      .select({ chunkKeys: resumableUploads.chunkKeys })
      .from(resumableUploads)
      .where(eq(resumableUploads.id, upload.id));
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    const file = path.join(this.ctx.tmpDir, `tus-${upload.id}-${randomBytes(6).toString('hex')}`);
    const release = () => rm(file, { force: true });
    try {
      const out = createWriteStream(file);
      for (const key of row.chunkKeys) {
        await pipeline(this.ctx.storage.stream(key), out, { end: false });
      }
      out.end();
      await new Promise<void>((resolve, reject) =>
        out.once('finish', resolve).once('error', reject),
      );
    } catch (error) {
      await release();
      throw error;
    }
    return { path: file, release };
  }

  /**
   * One finish at a time per upload across replicas: a lease in the row, renewed while the
   * finish runs, so a replica killed mid-finish blocks the next attempt for a lease at most.
   */
  async claimFinish(id: string): Promise<(() => Promise<void>) | undefined> {
    const { db } = this.ctx;
    const lease = sql`now() + make_interval(secs => ${FINISH_LEASE_SECONDS})`;
    const claimed = await db
      .update(resumableUploads)
      .set({ finishingUntil: lease })
      .where(
        and(
          eq(resumableUploads.id, id),
          or(
            isNull(resumableUploads.finishingUntil),
            lt(resumableUploads.finishingUntil, sql`now()`),
          ),
        ),
      )
      .returning({ id: resumableUploads.id });
    if (claimed.length === 0) return undefined;
    const renew = setInterval(() => {
      db.update(resumableUploads)
        .set({ finishingUntil: lease })
        .where(eq(resumableUploads.id, id))
        .catch(() => undefined); // the next renewal, or the lease's end, settles it
    }, FINISH_RENEW_MS);
    renew.unref();
    return async () => {
      clearInterval(renew);
      await db
        .update(resumableUploads)
        .set({ finishingUntil: null })
        .where(eq(resumableUploads.id, id));
    };
  }
}
