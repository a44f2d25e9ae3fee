/**
 * Issue 29: a request that names a video, comment or tweet while its owner deletes it answers
 * either as if it came first (success) or as if it came after (404 in the envelope), never a 5xx,
 * and leaves nothing behind that points at the deleted row. Each round fires every kind of write
 * and read at one target, with the delete in the middle of them, without awaiting in between.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { newId } from '../../server/db/ids.js';
import { comments, tweets } from '../../server/db/schema.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { insertVideo } from './video-helpers.js';

type Req = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: object };

const ROUNDS = 12;

describe('writes racing a delete', () => {
  let t: TestApp;
  let owner: TestUser;
  let viewer: TestUser;
  let playlistId: string;
  let watchLaterId: string;
  const answers = new Map<string, Map<number, number>>();
  const wrong: string[] = [];

  const send = (user: TestUser, req: Req) =>
    t.app.inject({ ...req, url: `/api/v1${req.url}`, headers: user.headers });

  /** Counts an answer by kind and status; anything but success or a 404 in the envelope is wrong. */
  function record(kind: string, res: LightMyRequestResponse, allowed: number[]) {
    const byStatus = answers.get(kind) ?? new Map<number, number>();
    byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
    answers.set(kind, byStatus);
    let body: { statusCode?: unknown; success?: unknown; data?: unknown } = {};
    try {
      body = res.json();
    } catch {
      // not JSON: counted below
    }
    const enveloped = body.statusCode === res.statusCode && body.success === res.statusCode < 400;
    if (
      !allowed.includes(res.statusCode) ||
      !enveloped ||
      (res.statusCode >= 400 && body.data !== null)
    ) {
      wrong.push(`${kind}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, 'race_owner');
    viewer = await createUser(t, 'race_viewer');
    const created = await send(viewer, {
      method: 'POST',
      url: '/playlist',
      payload: { title: 'Races', description: '' },
    });
    playlistId = created.json<{ data: { _id: string } }>().data._id;
    const later = await send(viewer, { method: 'GET', url: '/playlist/watch-later' });
    watchLaterId = later.json<{ data: { _id: string } }>().data._id;
  });
  afterAll(async () => {
    console.table(
      Object.fromEntries(
        [...answers].map(([kind, byStatus]) => [kind, Object.fromEntries(byStatus)]),
      ),
    );
    await t.close();
  });

  it('answers success or 404 in the envelope, never 5xx, and leaves no rows behind', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const video = await insertVideo(t, owner, { duration: 60 });
      const comment = newId();
      await t.ctx.db
        .insert(comments)
        .values({ id: comment, videoId: video, ownerId: viewer.id, content: 'first' });
      const tweet = newId();
      await t.ctx.db.insert(tweets).values({ id: tweet, ownerId: owner.id, content: 'hello' });
      const kinds: [string, Req, number[]][] = [
        [
          'progress',
          { method: 'PUT', url: `/videos/${video}/progress`, payload: { seconds: 3 } },
          [200],
        ],
        ['watch (history)', { method: 'GET', url: `/videos/${video}` }, [200]],
        ['like video', { method: 'POST', url: `/likes/toggle/v/${video}` }, [200]],
        ['like comment', { method: 'POST', url: `/likes/toggle/c/${comment}` }, [200]],
        ['like tweet', { method: 'POST', url: `/likes/toggle/t/${tweet}` }, [200]],
        [
          'comment',
          { method: 'POST', url: `/comments/${video}`, payload: { content: 'hi' } },
          [201],
        ],
        [
          'edit comment',
          { method: 'PATCH', url: `/comments/c/${comment}`, payload: { content: 'edited' } },
          [200],
        ],
        [
          'playlist add',
          { method: 'PATCH', url: `/playlist/add/${video}/${playlistId}` },
          [200, 409],
        ],
        [
          'watch later add',
          { method: 'PATCH', url: `/playlist/add/${video}/${watchLaterId}` },
          [200, 409],
        ],
        ['like status', { method: 'GET', url: `/likes/video/${video}` }, [200]],
        ['comments list', { method: 'GET', url: `/comments/${video}` }, [200]],
        ['history remove', { method: 'DELETE', url: `/videos/watch-history/${video}` }, [200]],
      ];
      // Every kind is sent over and over by two clients at once, from before the deletes start
      // until after both have answered, so some requests land inside them.
      let deleting = true;
      const client = async (kind: string, req: Req, ok: number[]) => {
        let after = 0;
        while (after < 2) {
          if (!deleting) after += 1;
          record(kind, await send(viewer, req), [...ok, 404]);
        }
      };
      const clients = kinds.flatMap(([kind, req, ok]) => [
        client(kind, req, ok),
        client(kind, req, ok),
      ]);
      const deletes = Promise.all([
        send(owner, { method: 'DELETE', url: `/videos/${video}` }).then((res) =>
          record('delete video', res, [200]),
        ),
        send(owner, { method: 'DELETE', url: `/tweets/${tweet}` }).then((res) =>
          record('delete tweet', res, [200]),
        ),
      ]).finally(() => (deleting = false));
      const pending = [...clients, deletes];
      await Promise.all(pending);
    }
    expect([...new Set(wrong)]).toEqual([]);
    // Nothing points at a deleted row (likes have no foreign key: their targets vary).
    const orphans = await t.ctx.db.execute(sql`
      select count(*)::int as n from likes l
      where (l.target_type = 'video' and not exists (select 1 from videos v where v.id = l.target_id))
         or (l.target_type = 'comment' and not exists (select 1 from comments c where c.id = l.target_id))
         or (l.target_type = 'tweet' and not exists (select 1 from tweets w where w.id = l.target_id))`);
    expect((orphans as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  }, 120_000);

  it('answers 404 in the envelope to a progress report for a video already gone', async () => {
    const video = await insertVideo(t, owner, { duration: 60 });
    expect((await send(owner, { method: 'DELETE', url: `/videos/${video}` })).statusCode).toBe(200);
    const res = await send(viewer, {
      method: 'PUT',
      url: `/videos/${video}/progress`,
      payload: { seconds: 3 },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      data: null,
      message: 'Video not found',
      success: false,
    });
  });
});
