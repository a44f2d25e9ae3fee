/**
 * Captions (issue 34, contract/captions.ts): WebVTT and SubRip uploads are checked, converted to
 * WebVTT and stored in the media storage; the list answers whoever may see the video; replace
 * and delete are the owner's; another user's video is a 404; every refusal stores nothing.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTION_LIMITS } from '../../contract/captions.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { multipart } from './media-fixtures.js';
import { insertVideo } from './video-helpers.js';

import { SRT, VTT, manyCues } from './caption-helpers.js';

interface CaptionAnswer {
  language: string;
  label: string;
  url: string;
  cueCount: number;
}

describe('captions', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let video: string;
  let hidden: string;

  const put = (
    user: TestUser | null,
    id: string,
    language: string,
    text: string | Buffer,
    fields: Record<string, string> = {},
  ) => {
    const form = multipart(fields, {
      file: { filename: 'c.vtt', contentType: 'text/vtt', data: Buffer.from(text) },
    });
    return t.app.inject({
      method: 'PUT',
      url: `/api/v1/videos/${id}/captions/${language}`,
      headers: { ...form.headers, ...(user?.headers ?? {}) },
      payload: form.body,
    });
  };
  const list = (user: TestUser | null, id: string) =>
    t.app.inject({ url: `/api/v1/videos/${id}/captions`, headers: user?.headers ?? {} });
  const fileOf = async (url: string) => {
    const res = await t.app.inject({ url: new URL(url).pathname });
    expect(res.statusCode).toBe(200);
    return res;
  };
  const storedCaptionFiles = async () =>
    readdir(path.join(t.dataDir, 'media', 'captions')).catch(() => [] as string[]);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, 'captioner');
    other = await createUser(t, 'someone');
    video = await insertVideo(t, owner);
    hidden = await insertVideo(t, owner, { isPublished: false });
  });
  afterAll(() => t.close());

  it('stores a WebVTT file and lists it for the owner, a viewer and a visitor', async () => {
    const res = await put(owner, video, 'en', VTT);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<{ data: CaptionAnswer }>().data;
    expect(saved).toMatchObject({ language: 'en', label: 'English', cueCount: 1 });
    for (const who of [owner, other, null]) {
      const answer = await list(who, video);
      expect(answer.statusCode).toBe(200);
      expect(answer.json<{ data: CaptionAnswer[] }>().data).toEqual([
        expect.objectContaining(saved),
      ]);
    }
    const file = await fileOf(saved.url);
    expect(file.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(file.body).toBe('WEBVTT\n\n00:00:00.500 --> 00:00:04.000\nHello <i>captions</i>\n');
  });

  it("serves a file from this origin's API, only to who may open its video", async () => {
    const saved = (await put(owner, hidden, 'en', VTT)).json<{ data: CaptionAnswer }>().data;
    // Same origin whatever the storage (a <track> loads no other origin's file without CORS).
    expect(new URL(saved.url).pathname).toMatch(
      new RegExp(`^/api/v1/videos/${hidden}/captions/en/[A-Za-z0-9_-]{16}\\.vtt$`),
    );
    const read = (user: TestUser | null) =>
      t.app.inject({ url: new URL(saved.url).pathname, headers: user?.headers ?? {} });
    expect((await read(owner)).statusCode).toBe(200);
    // The video is private: its captions are nobody else's to read, signed in or not.
    for (const who of [other, null]) {
      const res = await read(who);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Captions not found', success: false });
    }
    // A file name that is not the current one is a 404 too, as is a name that is no file's.
    const url = new URL(saved.url).pathname;
    for (const wrong of [url.replace(/[^/]{16}\.vtt$/, 'AAAAAAAAAAAAAAAA.vtt'), `${url}x`]) {
      expect(
        (await t.app.inject({ url: wrong, headers: owner.headers })).statusCode,
      ).toBeGreaterThanOrEqual(400);
    }
  });

  it('converts SubRip to WebVTT, with the tag in canonical case and a given label', async () => {
    const res = await put(owner, video, 'fr-ca', SRT, { label: 'Français (Canada)' });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<{ data: CaptionAnswer }>().data;
    expect(saved).toMatchObject({ language: 'fr-CA', label: 'Français (Canada)', cueCount: 2 });
    expect((await fileOf(saved.url)).body).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:03.500\nBonjour &amp; bienvenue\n\n' +
        '00:00:04.000 --> 00:00:06.000\n<b>Deux</b>\n',
    );
  });

  it('replaces a language under a fresh URL and removes the old file', async () => {
    const before = (await list(owner, video)).json<{ data: CaptionAnswer[] }>().data;
    const old = before.find((c) => c.language === 'en')!;
    const res = await put(owner, video, 'en', 'WEBVTT\n\n00:01.000 --> 00:02.000\nNew text\n');
    expect(res.statusCode).toBe(200);
    const fresh = res.json<{ data: CaptionAnswer }>().data;
    expect(fresh.url).not.toBe(old.url);
    expect(fresh.label).toBe('English');
    expect((await fileOf(fresh.url)).body).toContain('New text');
    expect((await t.app.inject({ url: new URL(old.url).pathname })).statusCode).toBe(404);
  });

  it('deletes a language and its file; a second delete is a 404', async () => {
    const caption = (await put(owner, video, 'de', VTT)).json<{ data: CaptionAnswer }>().data;
    const del = () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/v1/videos/${video}/captions/de`,
        headers: owner.headers,
      });
    expect((await del()).statusCode).toBe(200);
    expect((await t.app.inject({ url: new URL(caption.url).pathname })).statusCode).toBe(404);
    const languages = (await list(owner, video))
      .json<{ data: CaptionAnswer[] }>()
      .data.map((c) => c.language);
    expect(languages).not.toContain('de');
    const again = await del();
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: 'Captions not found', success: false });
  });

  it("answers 404 for another user's video, upload and delete alike, and stores nothing", async () => {
    const files = await storedCaptionFiles();
    const res = await put(other, video, 'es', VTT);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Video not found' });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/videos/${video}/captions/en`,
      headers: other.headers,
    });
    expect(del.statusCode).toBe(404);
    expect(await storedCaptionFiles()).toEqual(files);
    expect((await put(null, video, 'es', VTT)).statusCode).toBe(401);
  });

  it("hides an unpublished video's captions from others (404) but lists them for the owner", async () => {
    expect((await put(owner, hidden, 'en', VTT)).statusCode).toBe(200);
    expect((await list(owner, hidden)).statusCode).toBe(200);
    expect((await list(other, hidden)).statusCode).toBe(404);
    expect((await list(null, hidden)).statusCode).toBe(404);
  });

  const refusals: [string, string | Buffer, RegExp][] = [
    ['neither format', 'just some text\nwith lines\n', /neither WebVTT nor SubRip/],
    [
      'not UTF-8',
      Buffer.from([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0x0a, 0xff, 0xfe]),
      /not UTF-8/,
    ],
    ['a broken timing', 'WEBVTT\n\n00:00:01.000 --> 00:0x:02.000\nHi\n', /Cue 1: .* is not a time/],
    [
      'an end before its start',
      'WEBVTT\n\n00:00:05.000 --> 00:00:02.000\nHi\n',
      /Cue 1: it ends .* before it starts/,
    ],
    [
      'times running backwards',
      'WEBVTT\n\n00:00:05.000 --> 00:00:06.000\nA\n\n00:00:01.000 --> 00:00:02.000\nB\n',
      /Cue 2: it starts before cue 1/,
    ],
    [
      'a script tag',
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<script>alert(1)</script>\n',
      /the tag <script> is not allowed/,
    ],
    [
      'a font tag in SubRip',
      '1\n00:00:01,000 --> 00:00:02,000\n<font color="red">Hi</font>\n',
      /the tag <font> is not allowed/,
    ],
    [
      'an img tag',
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<img src=x onerror=alert(1)>\n',
      /the tag <img> is not allowed/,
    ],
    ['a stray <', 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n1 < 2\n', /opens no tag/],
    ['no cues', 'WEBVTT\n\nNOTE nothing here\n', /holds no cues/],
    [
      'a cue too long',
      `WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n${'a'.repeat(CAPTION_LIMITS.cueChars + 1)}\n`,
      /longer than 500 characters/,
    ],
    ['too many cues', manyCues(CAPTION_LIMITS.cues + 1), /more than 5000 cues/],
  ];
  it.each(refusals)(
    'refuses %s with a clear 400 and stores nothing',
    async (_name, text, message) => {
      const files = await storedCaptionFiles();
      const res = await put(owner, video, 'it', text);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/^file: /);
      expect(res.json<{ message: string }>().message).toMatch(message);
      expect(await storedCaptionFiles()).toEqual(files);
      const languages = (await list(owner, video))
        .json<{ data: CaptionAnswer[] }>()
        .data.map((c) => c.language);
      expect(languages).not.toContain('it');
    },
  );

  it('refuses a file over 512 kB with a 413', async () => {
    const big = `WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n${'a'.repeat(400)}\n\n`.repeat(1400);
    const res = await put(owner, video, 'pt', big);
    expect(res.statusCode).toBe(413);
  });

  it('refuses a language tag that is not BCP 47 with a 400', async () => {
    expect((await put(owner, video, 'english!', VTT)).statusCode).toBe(400);
    expect((await put(owner, video, 'e', VTT)).statusCode).toBe(400);
  });

  it(`keeps at most ${CAPTION_LIMITS.languagesPerVideo} languages per video (a replace still works)`, async () => {
    const full = await insertVideo(t, owner);
    const tags = Array.from({ length: CAPTION_LIMITS.languagesPerVideo }, (_, i) =>
      `x${String.fromCharCode(97 + Math.floor(i / 26))}${String.fromCharCode(97 + (i % 26))}`.slice(
        0,
        3,
      ),
    );
    for (const tag of tags) expect((await put(owner, full, tag, VTT)).statusCode).toBe(200);
    const over = await put(owner, full, 'zu', VTT);
    expect(over.statusCode).toBe(400);
    expect(over.json<{ message: string }>().message).toMatch(/at most 30 languages/);
    expect((await put(owner, full, tags[0]!, VTT)).statusCode).toBe(200);
  });

  it("goes with its video: a deleted video's captions are no longer listed", async () => {
    const doomed = await insertVideo(t, owner);
    expect((await put(owner, doomed, 'en', VTT)).statusCode).toBe(200);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/videos/${doomed}`,
      headers: owner.headers,
    });
    expect(del.statusCode).toBe(200);
    expect((await list(owner, doomed)).statusCode).toBe(404);
  });
});
