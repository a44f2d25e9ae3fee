/**
 * An unpublished video's media is not served to anyone but its owner: unpublishing moves its file
 * and thumbnail to fresh unguessable names (only the owner's answers carry them), so the URLs
 * anyone saw while it was public stop working. Files shared with catalogue rows stay for them.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../server/db/schema.js';
import { newId } from '../../server/db/ids.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { upload } from './video-helpers.js';

interface VideoJson {
  _id: string;
  videoFile: string;
  thumbnail: string;
  isPublished: boolean;
}

describe('media of unpublished videos', () => {
  let t: TestApp;
  let owner: TestUser;
  let viewer: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, 'media_owner');
    viewer = await createUser(t, 'media_viewer');
  });
  afterAll(() => t.close());

  const media = (url: string) => t.app.inject({ url: new URL(url).pathname });
  const toggle = async (id: string) => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/videos/toggle/publish/${id}`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: VideoJson }>().data;
  };

  it('unpublishing retires the public URLs; the owner gets new ones; publishing keeps them', async () => {
    const uploaded = (await upload(t, owner)).json<{ data: VideoJson }>().data;
    expect((await media(uploaded.videoFile)).statusCode).toBe(200);
    expect((await media(uploaded.thumbnail)).statusCode).toBe(200);

    const hidden = await toggle(uploaded._id);
    expect(hidden.isPublished).toBe(false);
    expect(hidden.videoFile).not.toBe(uploaded.videoFile);
    expect(hidden.thumbnail).not.toBe(uploaded.thumbnail);
    expect((await media(uploaded.videoFile)).statusCode).toBe(404);
    expect((await media(uploaded.thumbnail)).statusCode).toBe(404);
    const played = await media(hidden.videoFile);
    expect(played.statusCode).toBe(200);
    expect(played.rawPayload.length).toBeGreaterThan(1000);
    // Nobody else learns the new names: the video is a 404 for them.
    const asViewer = await t.app.inject({
      url: `/api/v1/videos/${uploaded._id}`,
      headers: viewer.headers,
    });
    expect(asViewer.statusCode).toBe(404);

    const shown = await toggle(uploaded._id);
    expect(shown.isPublished).toBe(true);
    expect(shown.videoFile).toBe(hidden.videoFile);
    expect((await media(shown.videoFile)).statusCode).toBe(200);
  });

  it('a file shared with a catalogue row stays for that row', async () => {
    const uploaded = (await upload(t, owner)).json<{ data: VideoJson }>().data;
    const [row] = await t.ctx.db.select().from(videos).where(eq(videos.id, uploaded._id));
    const twin = newId();
    await t.ctx.db.insert(videos).values({ ...row!, id: twin, title: 'Catalogue twin' });

    await toggle(uploaded._id);
    expect((await media(uploaded.videoFile)).statusCode).toBe(200);
    const [twinRow] = await t.ctx.db.select().from(videos).where(eq(videos.id, twin));
    expect(twinRow!.videoKey).toBe(row!.videoKey);
  });
});
