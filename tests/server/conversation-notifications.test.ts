/** Issue 33: reply, mention and heart notifications through the bell and its settings. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from './auth-helpers.js';
import { conversation } from './conversation-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { ofType, setSettings } from './notification-helpers.js';
import { insertVideo } from './video-helpers.js';

describe('conversation: notifications', () => {
  let t: TestApp;
  let c: ReturnType<typeof conversation>;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let dave: TestUser;
  let videoId: string;

  beforeAll(async () => {
    t = await createTestApp();
    c = conversation(t);
    alice = await createUser(t, 'alice');
    bob = await createUser(t, 'bob');
    carol = await createUser(t, 'carol');
    dave = await createUser(t, 'dave');
    videoId = await insertVideo(t, alice);
  });
  afterAll(() => t.close());

  it("tells the thread's author and whom a reply answers, once each, never oneself", async () => {
    const top = await c.comment(bob, videoId, 'Thread');
    const r1 = await c.answer(carol, top._id, 'first reply');
    await c.answer(bob, top._id, 'my own thread');
    // dave answers carol's reply and names her: one reply entry for bob and carol, no mention.
    const r3 = await c.answer(dave, r1._id, '@carol agreed');
    const bobs = await ofType(t, bob, 'reply');
    expect(bobs.map((n) => n.comment?._id).sort()).toEqual([r1._id, r3._id].sort());
    const carols = await ofType(t, carol, 'reply');
    expect(carols.map((n) => n.comment?._id)).toEqual([r3._id]);
    expect(await ofType(t, carol, 'mention')).toEqual([]);
    expect(carols[0]).toMatchObject({ actor: { _id: dave.id }, video: { _id: videoId } });
  });

  it('tells at most five existing users an @mention names, once, and only who may see the video', async () => {
    const many = await createUser(t, 'erin');
    const text = '@alice @bob @carol @dave @erin @nobody_here hi';
    const top = await c.comment(many, videoId, text);
    for (const user of [bob, carol, dave]) {
      expect((await ofType(t, user, 'mention')).map((n) => n.comment?._id)).toContain(top._id);
    }
    // alice hears of it as the creator ('comment'), not twice.
    expect((await ofType(t, alice, 'mention')).map((n) => n.comment?._id)).not.toContain(top._id);
    expect((await ofType(t, alice, 'comment')).map((n) => n.comment?._id)).toContain(top._id);
    // An edit does not repeat it.
    await c.edit(many, top._id, `${text}!`);
    expect(
      (await ofType(t, bob, 'mention')).filter((n) => n.comment?._id === top._id),
    ).toHaveLength(1);
    const hidden = await insertVideo(t, alice, { isPublished: false });
    const note = await c.comment(alice, hidden, '@bob cannot see this');
    expect((await ofType(t, bob, 'mention')).map((n) => n.comment?._id)).not.toContain(note._id);
  });

  it('waits for approval before a held comment notifies', async () => {
    await c.words(alice, ['secret']);
    const top = await c.comment(bob, videoId, 'a thread');
    const held = await c.answer(carol, top._id, 'the secret @dave');
    expect((await ofType(t, bob, 'reply')).map((n) => n.comment?._id)).not.toContain(held._id);
    expect((await ofType(t, dave, 'mention')).map((n) => n.comment?._id)).not.toContain(held._id);
    await c.approve(alice, held._id);
    expect((await ofType(t, bob, 'reply')).map((n) => n.comment?._id)).toContain(held._id);
    expect((await ofType(t, dave, 'mention')).map((n) => n.comment?._id)).toContain(held._id);
    await c.words(alice, []);
  });

  it("tells a comment's author of the creator's heart once, and respects the setting", async () => {
    const top = await c.comment(bob, videoId, 'heart me');
    await c.heart(alice, top._id);
    await c.heart(alice, top._id, false);
    await c.heart(alice, top._id);
    expect((await ofType(t, bob, 'heart')).map((n) => n.comment?._id)).toEqual([top._id]);
    expect((await c.row(top._id))?.heartedAt).not.toBeNull();
    expect((await setSettings(t, carol, { heart: false })).statusCode).toBe(200);
    const muted = await c.comment(carol, videoId, 'no hearts please');
    await c.heart(alice, muted._id);
    expect(await ofType(t, carol, 'heart')).toEqual([]);
    // The creator's own comment hearted: nobody to tell.
    const own = await c.comment(alice, videoId, 'mine');
    await c.heart(alice, own._id);
    expect(await ofType(t, alice, 'heart')).toEqual([]);
  });
});
