/**
 * Every bad or hostile request of issue 20, run in one go and counted: answers with a 5xx, error
 * answers outside the JSON envelope, answers of a tus route without `Tus-Resumable` (the protocol
 * asks for it on every answer but OPTIONS), and authorization failures (a stranger's request that
 * succeeded, or that read or changed someone else's upload). Each count must be 0; the table is
 * printed for the record.
 */
import { SUGGEST_TEXT_MAX } from '../../contract/search.js';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { resumableUploadsDir } from '../../server/uploads/resumable-store.http.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { fixture, multipart } from './media-fixtures.js';
import {
  UPLOADS,
  aliceAndBobUploads,
  VALID_FIELDS,
  createUpload,
  encodeMetadata,
  hostileTargets,
  patchUpload,
  rawRequest,
  segmentsAfterUploads,
  uploadIdOf,
  uploadSnapshot,
  type RawAnswer,
} from './tus-helpers.js';
import { insertVideo, upload } from './video-helpers.js';
import { openSse } from './sse-client.js';
import { eq } from 'drizzle-orm';
import { secondStepOf } from '../../server/accounts/second-step.js';
import {
  accountTokens,
  channelBlockedUsers,
  channelHeldWords,
  comments,
  passkeys,
  totpCredentials,
  users,
  videos as videosTable,
} from '../../server/db/schema.js';
import {
  LOCAL,
  addPasskey,
  assert,
  registrationOptions,
  signInOptions,
} from './passkeys-helpers.js';
import { createCredential } from './software-authenticator.js';
import { issueToken } from '../../server/accounts/account-tokens.js';

interface Tally {
  requests: number;
  serverErrors: number;
  outsideEnvelope: number;
  withoutTusResumable: number;
  authorizationFailures: number;
  /** A request with a bad value (wrong type, unknown key, wrong id length) that succeeded. */
  acceptedBadInput: number;
}

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let port: number;
let aliceUpload: string;
let bobUpload: string;
let videoId: string;
const tallies = new Map<string, Tally>();
const problems: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  ({ alice, bob, aliceUpload, bobUpload, port } = await aliceAndBobUploads(t));
  videoId = (await upload(t, alice)).json<{ data: { _id: string } }>().data._id;
}, 60_000);
afterAll(async () => {
  console.table(Object.fromEntries(tallies));
  if (problems.length > 0) console.log(problems.join('\n'));
  await t.close();
});

const TUS = { 'tus-resumable': '1.0.0' };
const OCTETS = { 'content-type': 'application/offset+octet-stream' };

function isEnvelope(answer: RawAnswer): boolean {
  try {
    const body = JSON.parse(answer.body) as Record<string, unknown>;
    return (
      Object.keys(body).sort().join() === 'data,message,statusCode,success' &&
      body.statusCode === answer.status &&
      body.data === null &&
      body.success === false &&
      typeof body.message === 'string' &&
      body.message.length > 0
    );
  } catch {
    return false;
  }
}

/** Sends one request and counts what is wrong with its answer. */
async function send(
  category: string,
  method: string,
  target: string,
  headers: Record<string, string>,
  body?: Buffer,
  { stranger = false, bad = false }: { stranger?: boolean; bad?: boolean } = {},
): Promise<RawAnswer> {
  const answer = await rawRequest(port, method, target, headers, body);
  const tally = tallies.get(category) ?? {
    requests: 0,
    serverErrors: 0,
    outsideEnvelope: 0,
    withoutTusResumable: 0,
    authorizationFailures: 0,
    acceptedBadInput: 0,
  };
  tally.requests += 1;
  if (bad && answer.status < 400) {
    tally.acceptedBadInput += 1;
    problems.push(`accepted: ${method} ${target} ${answer.status} ${body?.toString() ?? ''}`);
  }
  if (answer.status >= 500) tally.serverErrors += 1;
  // A tus route answers with Tus-Resumable; a path with more segments is no tus route.
  const tusRoute = target.startsWith(UPLOADS) && segmentsAfterUploads(target) <= 1;
  // A HEAD answer has no body to hold an envelope.
  if (answer.status >= 400 && method !== 'HEAD' && !isEnvelope(answer)) {
    tally.outsideEnvelope += 1;
    problems.push(`outside the envelope: ${method} ${target} ${answer.status} ${answer.body}`);
  }
  if (tusRoute && method !== 'OPTIONS' && answer.headers['tus-resumable'] !== '1.0.0') {
    tally.withoutTusResumable += 1;
    problems.push(`without Tus-Resumable: ${method} ${target} ${answer.status}`);
  }
  const leaked = answer.headers['upload-offset'] ?? answer.headers['upload-metadata'];
  if (stranger && (answer.status < 400 || leaked !== undefined)) {
    tally.authorizationFailures += 1;
    problems.push(`authorization: ${method} ${target} ${answer.status}`);
  }
  if (answer.status >= 500) problems.push(`5xx: ${method} ${target} ${answer.status}`);
  tallies.set(category, tally);
  return answer;
}

it('answers every hostile request of issue 20 without a 5xx, outside the envelope or a leak', async () => {
  // 1. Another user's (or nobody's) resumable upload, through every URL shape.
  const before = await uploadSnapshot(t, alice, aliceUpload);
  for (const [who, cookie] of [
    ['another user', bob.headers],
    ['anonymous', {}],
  ] as const) {
    for (const method of ['HEAD', 'PATCH', 'DELETE']) {
      for (const target of hostileTargets(bobUpload, aliceUpload)) {
        const extra = method === 'PATCH' ? { ...OCTETS, 'upload-offset': '100' } : {};
        const body = method === 'PATCH' ? Buffer.alloc(50, 66) : undefined;
        const headers = { ...cookie, ...TUS, ...extra };
        await send(`tus ownership (${who})`, method, target, headers, body, { stranger: true });
      }
    }
  }
  const after = await uploadSnapshot(t, alice, aliceUpload).catch(() => 'gone');
  const changed = JSON.stringify(after) !== JSON.stringify(before);
  if (changed) tallies.get('tus ownership (another user)')!.authorizationFailures += 1;

  // 2. NUL in tags, wherever tags arrive (and in every other field of a tus creation).
  const escaped = JSON.stringify(['a\u0000b']);
  const cookie = alice.headers;
  const form = (fields: Record<string, string>, files = {}) => multipart(fields, files);
  const video = { filename: 'v.mp4', contentType: 'video/mp4', data: await fixture('plain.mp4') };
  for (const fields of [
    { title: 'T', tags: escaped },
    { title: 'T', tags: '["a\u0000"]' },
  ]) {
    const f = form(fields, { videoFile: video });
    await send('NUL in tags', 'POST', '/api/v1/videos', { ...cookie, ...f.headers }, f.body);
    const edit = form({ tags: fields.tags });
    await send(
      'NUL in tags',
      'PATCH',
      `/api/v1/videos/${videoId}`,
      { ...cookie, ...edit.headers },
      edit.body,
    );
  }
  for (const tags of [escaped, ['a\u0000b']]) {
    const json = Buffer.from(JSON.stringify({ tags }));
    const headers = { ...cookie, 'content-type': 'application/json' };
    await send('NUL in tags', 'PATCH', `/api/v1/videos/${videoId}`, headers, json);
  }
  for (const field of ['tags', 'title', 'description', 'filename']) {
    for (const value of field === 'tags' ? [escaped, '["a\u0000"]'] : ['x\u0000y']) {
      const metadata = encodeMetadata({ ...VALID_FIELDS, [field]: value });
      await send('NUL in tags', 'POST', UPLOADS, {
        ...cookie,
        ...TUS,
        'upload-length': '100',
        'upload-metadata': metadata,
      });
    }
  }
  // A finish of an upload stored with such tags before creation refused them.
  const source = await fixture('plain.mp4');
  const poisoned = uploadIdOf((await createUpload(t, alice, source.length)).headers.location);
  await patchUpload(t, alice, poisoned, 0, source);
  const infoFile = path.join(resumableUploadsDir(t.ctx.config), `${poisoned}.json`);
  const info = JSON.parse(await readFile(infoFile, 'utf8')) as { metadata: Record<string, string> };
  info.metadata.tags = escaped;
  await writeFile(infoFile, JSON.stringify(info));
  for (let i = 0; i < 2; i++) {
    await send('NUL in tags', 'POST', `${UPLOADS}/${poisoned}/finish`, cookie);
  }

  // 3. tus protocol errors, and our own refusals before tus.
  const own = `${UPLOADS}/${aliceUpload}`;
  const protocol: [string, string, Record<string, string>, Buffer?][] = [
    ['PATCH', own, { ...OCTETS, 'upload-offset': '100' }, Buffer.alloc(5)],
    ['HEAD', own, {}],
    ['PATCH', own, { ...TUS, ...OCTETS, 'upload-offset': 'x' }, Buffer.alloc(5)],
    ['PATCH', own, { ...TUS, ...OCTETS, 'upload-offset': '-1' }, Buffer.alloc(5)],
    ['PATCH', own, { ...TUS, ...OCTETS, 'upload-offset': '3' }, Buffer.alloc(5)],
    ['PATCH', own, { ...TUS, ...OCTETS }, Buffer.alloc(5)],
    ['PATCH', own, { ...TUS, 'upload-offset': '100' }],
    [
      'PATCH',
      own,
      { ...TUS, 'upload-offset': '100', 'content-type': 'text/plain' },
      Buffer.alloc(5),
    ],
    ['PATCH', own, { ...TUS, ...OCTETS, 'upload-offset': '100' }, Buffer.alloc(2000)],
    ['PATCH', own, { ...TUS, ...OCTETS, 'upload-offset': '100', 'upload-length': '5' }],
    ['PATCH', `${UPLOADS}/${'0'.repeat(32)}`, { ...TUS, ...OCTETS, 'upload-offset': '0' }],
    ['HEAD', `${UPLOADS}/${'0'.repeat(32)}`, TUS],
    ['DELETE', `${UPLOADS}/not-an-id`, TUS],
    ['POST', UPLOADS, { ...TUS, 'upload-metadata': encodeMetadata(VALID_FIELDS) }],
    [
      'POST',
      UPLOADS,
      { ...TUS, 'upload-length': 'ten', 'upload-metadata': encodeMetadata(VALID_FIELDS) },
    ],
    [
      'POST',
      UPLOADS,
      { ...TUS, 'upload-length': '0', 'upload-metadata': encodeMetadata(VALID_FIELDS) },
    ],
    [
      'POST',
      UPLOADS,
      { ...TUS, 'upload-length': String(2 ** 40), 'upload-metadata': encodeMetadata(VALID_FIELDS) },
    ],
    [
      'POST',
      UPLOADS,
      { ...TUS, 'upload-defer-length': '1', 'upload-metadata': encodeMetadata(VALID_FIELDS) },
    ],
    [
      'POST',
      UPLOADS,
      {
        ...TUS,
        'upload-length': '10',
        'upload-concat': 'partial',
        'upload-metadata': encodeMetadata(VALID_FIELDS),
      },
    ],
    ['POST', UPLOADS, { ...TUS, 'upload-length': '10', 'upload-metadata': 'title a b c' }],
    ['POST', UPLOADS, { 'upload-length': '10', 'upload-metadata': encodeMetadata(VALID_FIELDS) }],
    ['OPTIONS', UPLOADS, {}],
    ['OPTIONS', UPLOADS, { origin: 'https://elsewhere.example.com' }],
    ['OPTIONS', own, {}],
  ];
  for (const [method, target, headers, body] of protocol) {
    const answer = await send('tus protocol', method, target, { ...cookie, ...headers }, body);
    if (method === 'OPTIONS') expect(answer.status, target).toBe(204);
  }

  const totals = sumOf([...tallies.values()]);
  tallies.set('all (issue 20)', totals);
  expect(totals).toMatchObject({
    serverErrors: 0,
    outsideEnvelope: 0,
    withoutTusResumable: 0,
    authorizationFailures: 0,
  });
}, 120_000);

function sumOf(list: Tally[]): Tally {
  return list.reduce((sum, tally) => ({
    requests: sum.requests + tally.requests,
    serverErrors: sum.serverErrors + tally.serverErrors,
    outsideEnvelope: sum.outsideEnvelope + tally.outsideEnvelope,
    withoutTusResumable: sum.withoutTusResumable + tally.withoutTusResumable,
    authorizationFailures: sum.authorizationFailures + tally.authorizationFailures,
    acceptedBadInput: sum.acceptedBadInput + tally.acceptedBadInput,
  }));
}

/** JSON values that are not what a field of this type is, and must not be read as one. */
const NOT_A_NUMBER = ['null', '"  "', '"12"', 'true', '[1]', '{}'];
const NOT_A_BOOLEAN = ['null', '0', '1', '"false"', '"true"', '[false]', '{}'];
/** Ids one character short and long, empty-ish, far too long, and with characters ids never hold. */
const badIds = (id: string) => [id.slice(1), `${id}A`, 'x', 'A'.repeat(200), `${id.slice(1)}%25`];
const PAGING = ['page=0', 'page=10001', 'page=1e309', 'page=abc', 'limit=0', 'limit=51', 'limit=x'];

it('answers every hostile request of issue 29 on the new operations the same way', async () => {
  const api = '/api/v1';
  const json = (value: unknown) =>
    Buffer.from(typeof value === 'string' ? value : JSON.stringify(value));
  const JSON_TYPE = { 'content-type': 'application/json' };
  const as = async (user: TestUser, method: string, target: string, body?: unknown) =>
    rawRequest(
      port,
      method,
      `${api}${target}`,
      { ...user.headers, ...JSON_TYPE },
      body === undefined ? undefined : json(body),
    );
  const dataOf = <T>(answer: RawAnswer) => (JSON.parse(answer.body) as { data: T }).data;

  // Alice has a notification (Bob's comment), a Watch later entry, a position and history.
  await as(bob, 'POST', `/comments/${videoId}`, { content: 'Nice one' });
  const bell = dataOf<{ notifications: { _id: string }[] }>(
    await as(alice, 'GET', '/notifications'),
  );
  const notification = bell.notifications[0]!._id;
  const watchLater = dataOf<{ _id: string }>(await as(alice, 'GET', '/playlist/watch-later'))._id;
  await as(alice, 'PATCH', `/playlist/add/${videoId}/${watchLater}`);
  await as(alice, 'PUT', `/videos/${videoId}/progress`, { seconds: 1 });
  await as(alice, 'GET', `/videos/${videoId}`);
  const aliceState = async () =>
    JSON.stringify([
      dataOf(await as(alice, 'GET', '/notifications/unread-count')),
      dataOf(await as(alice, 'GET', '/notifications/settings')),
      dataOf(await as(alice, 'GET', '/playlist/WL')),
      dataOf(await as(alice, 'GET', `/videos/progress?ids=${videoId}`)),
      dataOf<{ history: unknown[] }>(await as(alice, 'GET', '/users/history')).history.length,
    ]);
  const before = await aliceState();

  const categories: string[] = [];
  const hit = async (
    category: string,
    method: string,
    target: string,
    {
      user,
      body,
      bad = false,
      stranger = false,
    }: { user?: TestUser | null; body?: unknown; bad?: boolean; stranger?: boolean } = {},
  ) => {
    if (!categories.includes(category)) categories.push(category);
    const who = user === null ? {} : (user ?? alice).headers;
    const payload = body === undefined ? undefined : json(body);
    await send(
      category,
      method,
      `${api}${target}`,
      { ...who, ...(payload ? JSON_TYPE : {}) },
      payload,
      {
        bad,
        stranger,
      },
    );
  };

  // Notifications: bad mark-read bodies and filters, a stranger's ids, no session.
  for (const body of [
    'null',
    '{}',
    '{"ids": []}',
    '{"ids": "abc"}',
    `{"ids": ["${notification}"], "all": true}`,
    '{"ids": [1]}',
    `{"ids": ["${notification.slice(1)}"]}`,
  ]) {
    await hit('notifications', 'POST', '/notifications/mark-read', { body, bad: true });
  }
  await hit('notifications', 'POST', '/notifications/mark-read', {
    user: bob,
    body: { ids: [notification] },
  });
  for (const query of PAGING)
    await hit('notifications', 'GET', `/notifications?${query}`, { bad: true });
  for (const target of ['/notifications', '/notifications/unread-count']) {
    await hit('notifications', 'GET', target, { user: null, stranger: true });
  }
  await hit('notifications', 'POST', '/notifications/mark-all-read', {
    user: null,
    stranger: true,
  });

  // Notification settings: every non-boolean, unknown types, empty, no session.
  for (const value of NOT_A_BOOLEAN) {
    await hit('notification settings', 'PATCH', '/notifications/settings', {
      body: `{"comment": ${value}}`,
      bad: true,
    });
  }
  for (const body of [
    '{}',
    '{"everything": false}',
    '{"comment": true, "extra": 1}',
    '[]',
    '"comment"',
  ]) {
    await hit('notification settings', 'PATCH', '/notifications/settings', { body, bad: true });
  }
  await hit('notification settings', 'PATCH', '/notifications/settings', {
    user: null,
    body: { comment: false },
    stranger: true,
  });
  await hit('notification settings', 'GET', '/notifications/settings', {
    user: null,
    stranger: true,
  });

  // Watch progress: every non-number, out of range, unknown keys, bad ids, bad id lists.
  for (const value of [...NOT_A_NUMBER, '-1', '1e309', '604801']) {
    await hit('watch progress', 'PUT', `/videos/${videoId}/progress`, {
      body: `{"seconds": ${value}}`,
      bad: true,
    });
  }
  await hit('watch progress', 'PUT', `/videos/${videoId}/progress`, {
    body: '{"seconds": 1, "userId": "x"}',
    bad: true,
  });
  for (const id of badIds(videoId)) {
    await hit('watch progress', 'PUT', `/videos/${id}/progress`, {
      body: { seconds: 1 },
      bad: true,
    });
  }
  for (const ids of ['', ',', `${videoId},`, 'a'.repeat(4000), `${videoId};drop`]) {
    await hit('watch progress', 'GET', `/videos/progress?ids=${ids}`, { bad: true });
  }
  await hit('watch progress', 'PUT', `/videos/${videoId}/progress`, {
    user: null,
    body: { seconds: 1 },
    stranger: true,
  });

  // issue 34: C — captions and the embed: a stranger's or nobody's upload and delete, bad
  // language tags and ids, JSON instead of a file, hostile files; the embed of bad ids.
  const captionFile = (text: string) =>
    multipart(
      {},
      { file: { filename: 'c.vtt', contentType: 'text/vtt', data: Buffer.from(text) } },
    );
  const goodVtt = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n';
  for (const [who, user] of [
    ['another user', bob],
    ['anonymous', null],
  ] as const) {
    const body = captionFile(goodVtt);
    await send(
      `captions (${who})`,
      'PUT',
      `${api}/videos/${videoId}/captions/en`,
      { ...(user?.headers ?? {}), ...body.headers },
      body.body,
      { stranger: true },
    );
    await hit(`captions (${who})`, 'DELETE', `/videos/${videoId}/captions/en`, {
      user,
      stranger: true,
    });
  }
  for (const language of ['e', 'english!', 'en-', '../x', 'x'.repeat(40), 'en%00']) {
    const body = captionFile(goodVtt);
    await send(
      'captions',
      'PUT',
      `${api}/videos/${videoId}/captions/${language}`,
      { ...alice.headers, ...body.headers },
      body.body,
      { bad: true },
    );
  }
  for (const id of badIds(videoId)) {
    await hit('captions', 'GET', `/videos/${id}/captions`, { bad: true });
    await hit('captions', 'GET', `/videos/${id}/captions/en/AAAAAAAAAAAAAAAA.vtt`, { bad: true });
    await hit('embed', 'GET', `/embed/${id}`, { bad: true });
  }
  // A caption file's own route: names that are no stored file's, paths out of the folder.
  for (const file of [
    'x.vtt',
    'AAAAAAAAAAAAAAAA.srt',
    '..%2F..%2Fetc%2Fpasswd',
    'AAAAAAAAAAAAAAAA.vtt%00',
  ]) {
    await hit('captions', 'GET', `/videos/${videoId}/captions/en/${file}`, { bad: true });
  }
  await hit('captions', 'GET', `/videos/${videoId}/captions/en/AAAAAAAAAAAAAAAA.vtt`, {
    user: bob,
    stranger: true,
  });
  await hit('captions', 'PUT', `/videos/${videoId}/captions/en`, {
    body: { file: 'WEBVTT' },
    bad: true,
  });
  for (const text of [
    '<script>alert(1)</script>',
    'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<img src=x onerror=alert(1)>\n',
    'WEBVTT\n\n99:99:99.999 --> 00:00:02.000\nx\n',
    'WEBVTT\n\n00:00:01.000 --> 00:00:02.000 align:<script>\nx\n',
    '\u0000\u0001',
  ]) {
    const body = captionFile(text);
    await send(
      'captions',
      'PUT',
      `${api}/videos/${videoId}/captions/en`,
      { ...alice.headers, ...body.headers },
      body.body,
      { bad: true },
    );
  }

  // Watch later: someone else's list by id, through the alias, bad ids, no session.
  for (const [method, target] of [
    ['GET', `/playlist/${watchLater}`],
    ['PATCH', `/playlist/add/${videoId}/${watchLater}`],
    ['PATCH', `/playlist/remove/${videoId}/${watchLater}`],
    ['PATCH', `/playlist/${watchLater}`],
    ['DELETE', `/playlist/${watchLater}`],
  ] as const) {
    const body =
      method === 'PATCH' && !target.includes('/add/') && !target.includes('/remove/')
        ? { name: 'Mine now' }
        : undefined;
    await hit('Watch later', method, target, { user: bob, body, stranger: true });
    await hit('Watch later', method, target, { user: null, body, stranger: true });
  }
  for (const id of badIds(watchLater)) {
    await hit('Watch later', 'PATCH', `/playlist/add/${videoId}/${id}`, { bad: true });
    await hit('Watch later', 'GET', `/playlist/${id}`, { bad: true });
  }
  for (const query of PAGING)
    await hit('Watch later', 'GET', `/playlist/WL?${query}`, { bad: true });
  // Which lists hold a video (Save's ticks): bad ids, no session, and never another's lists.
  for (const id of badIds(videoId)) {
    await hit('Watch later', 'GET', `/playlist/holding/${id}`, { bad: true });
  }
  await hit('Watch later', 'GET', `/playlist/holding/${videoId}`, { user: null, stranger: true });
  const bobsTicks = await as(bob, 'GET', `/playlist/holding/${videoId}`);
  if (bobsTicks.status !== 200 || bobsTicks.body.includes(watchLater)) {
    tallies.get('Watch later')!.authorizationFailures += 1;
    problems.push(`holding: Bob saw ${bobsTicks.status} ${bobsTicks.body}`);
  }

  // Subscriptions feed: paging extremes, no session.
  for (const query of PAGING)
    await hit('subscriptions feed', 'GET', `/subscriptions/videos?${query}`, { bad: true });
  await hit('subscriptions feed', 'GET', '/subscriptions/videos', { user: null, stranger: true });

  // History: someone else's entry, bad ids, paging extremes, no session.
  await hit('history', 'DELETE', `/videos/watch-history/${videoId}`, { user: bob });
  for (const id of badIds(videoId)) {
    await hit('history', 'DELETE', `/videos/watch-history/${id}`, { bad: true });
  }
  for (const query of PAGING) await hit('history', 'GET', `/users/history?${query}`, { bad: true });
  for (const [method, target] of [
    ['GET', '/users/history'],
    ['DELETE', '/videos/watch-history'],
    ['DELETE', `/videos/watch-history/${videoId}`],
  ] as const) {
    await hit('history', method, target, { user: null, stranger: true });
  }

  // Up next (issue 31): bad ids and limits; another's unpublished video, signed in or not.
  for (const id of badIds(videoId))
    await hit('Up next', 'GET', `/videos/${id}/up-next`, { bad: true });
  for (const query of ['limit=0', 'limit=21', 'limit=x', 'limit=1e309', 'limit=-1', 'limit=1.5']) {
    await hit('Up next', 'GET', `/videos/${videoId}/up-next?${query}`, { bad: true });
  }
  const hidden = await insertVideo(t, alice, { isPublished: false });
  for (const user of [bob, null]) {
    await hit('Up next', 'GET', `/videos/${hidden}/up-next`, { user, stranger: true });
  }
  await hit('Up next', 'GET', `/videos/${videoId}/up-next`, { user: null });

  // Nothing Bob or nobody sent changed what Alice has.
  if ((await aliceState()) !== before) {
    tallies.get('notifications')!.authorizationFailures += 1;
    problems.push(`Alice's state changed: ${before} → ${await aliceState()}`);
  }
  const totals = sumOf(categories.map((category) => tallies.get(category)!));
  tallies.set('all (issue 29)', totals);
  expect(totals).toMatchObject({
    serverErrors: 0,
    outsideEnvelope: 0,
    authorizationFailures: 0,
    acceptedBadInput: 0,
  });
}, 120_000);

/** Texts a search box receives from curious or hostile users: valid input that must never 5xx. */
const SEARCH_TEXTS = [
  "bread' or 1=1 --",
  '100%_off\\',
  'a:* & !b | <-> c',
  '""',
  '"unclosed phrase',
  '- or -',
  'the and of',
  '🍞🥖 bread',
  'x'.repeat(200),
  'ab'.repeat(100),
  'Ünïcödé straße',
  '%00',
  // Array-literal syntax: the words are bound as one text[] literal (search-postings.ts).
  '{bread,toast} "a\\"b" NULL',
  'http://ex.com/a,b{c}?d="e" /usr/x,y',
];

it('answers every hostile request of issue 31 (filters, spelling, channel search) the same way', async () => {
  const api = '/api/v1';
  const category = 'search (issue 31)';
  const get = (target: string, { bad = false, headers = {} } = {}) =>
    send(category, 'GET', `${api}${target}`, headers, undefined, { bad });
  const enc = encodeURIComponent;
  const invalid = [
    'uploaded=decade',
    'uploaded=',
    'uploaded=HOUR',
    'duration=tiny',
    'duration=',
    'exact=maybe',
    'exact=2',
    `query=${'q'.repeat(201)}`,
    'sortBy=relevance',
  ];
  for (const query of invalid) await get(`/videos?${query}`, { bad: true });
  for (const query of invalid) await get(`/videos?query=bread&${query}`, { bad: true });
  for (const text of SEARCH_TEXTS) {
    for (const extra of ['', '&exact=true', '&uploaded=week&duration=short', '&sortBy=views']) {
      await get(`/videos?query=${enc(text)}${extra}`);
    }
    await get(`/search/channels?query=${enc(text)}`);
    await get(`/search/channels?query=${enc(text)}`, { headers: bob.headers });
    // A forged or stale token is a visitor here, never a 401.
    const answer = await get(`/search/channels?query=${enc(text)}`, {
      headers: { cookie: 'accessToken=forged.token.value' },
    });
    if (answer.status !== 200) problems.push(`channels as a forged visitor: ${answer.status}`);
  }
  for (const query of ['', 'query=', `query=${'c'.repeat(201)}`, 'q=bread']) {
    await get(`/search/channels?${query}`, { bad: true });
  }
  expect(tallies.get(category)).toMatchObject({
    serverErrors: 0,
    outsideEnvelope: 0,
    authorizationFailures: 0,
    acceptedBadInput: 0,
  });
  expect(problems.filter((p) => p.includes('/search/') || p.includes('/videos?'))).toEqual([]);
}, 120_000);

it('answers every hostile request of issue 31 to the suggestions the same way', async () => {
  const category = 'search suggestions';
  const hit = (query: string, bad: boolean) =>
    send(category, 'GET', `/api/v1/search/suggestions${query}`, {}, undefined, { bad });
  // Missing, blank, too long, NUL, a list instead of one text: refused in the envelope.
  for (const query of [
    '',
    '?q=',
    '?q=%20%09%20',
    `?q=${'b'.repeat(SUGGEST_TEXT_MAX + 1)}`,
    '?q=bre%00ad',
    '?q=a&q=b',
  ]) {
    await hit(query, true);
  }
  // Text that means something to SQL, full-text or LIKE patterns is only text: answered.
  for (const text of [
    "bre' or 1=1 --",
    'bre:* & !x | (y',
    '%_\\',
    'bre%',
    '\u{1F35E} bread',
    '---',
    '\u00e9\u0301\u0301\u0301',
    `${'é'.repeat(SUGGEST_TEXT_MAX)}`,
  ]) {
    const answer = await hit(`?q=${encodeURIComponent(text)}`, false);
    if (answer.status !== 200)
      problems.push(`suggestions refused ${JSON.stringify(text)}: ${answer.status}`);
  }
  // Bytes that are no UTF-8.
  await send(category, 'GET', '/api/v1/search/suggestions?q=%FF%FE', {});
  expect(tallies.get(category)).toMatchObject({
    serverErrors: 0,
    outsideEnvelope: 0,
    acceptedBadInput: 0,
  });
  expect(problems.filter((p) => p.includes('suggestions'))).toEqual([]);
});

// ---- Issue 34: beyond the site (oEmbed, channel feeds) -------------------------------------

it('answers every hostile request of issue 34 to oEmbed and the channel feeds the same way', async () => {
  const category = 'syndication (issue 34)';
  const get = (target: string, options: { bad?: boolean; stranger?: boolean } = {}) =>
    send(category, 'GET', `/api/v1${target}`, {}, undefined, options);
  const watchUrl = (id: string) => encodeURIComponent(`http://127.0.0.1:${port}/watch/${id}`);
  // Missing, empty, too long, NUL, a list, bounds that are no size: refused in the envelope.
  for (const query of [
    '',
    '?url=',
    `?url=${'u'.repeat(2049)}`,
    '?url=a&url=b',
    ...['0', '-1', 'x', '1.5', '1e309', '10001'].map(
      (n) => `?url=${watchUrl(videoId)}&maxwidth=${n}`,
    ),
    `?url=${watchUrl(videoId)}&maxheight=0`,
    `?url=${watchUrl(videoId)}&format=${'j'.repeat(11)}`,
  ]) {
    await get(`/oembed${query}`, { bad: true });
  }
  // URLs that are not a public video of ours: a 404, never an answer about them.
  const hidden = await insertVideo(t, alice, { isPublished: false, title: 'Hidden from oEmbed' });
  for (const url of [
    watchUrl(hidden),
    encodeURIComponent('javascript:alert(1)'),
    encodeURIComponent(`file:///etc/passwd`),
    encodeURIComponent(`http://127.0.0.1:${port}/watch/${videoId}%00`),
    encodeURIComponent(`http://127.0.0.1:${port}/watch/../api/v1/users/current-user`),
    encodeURIComponent(`http://127.0.0.1:${port}/watch/%FF%FE`),
    encodeURIComponent("x' or 1=1 --"),
  ]) {
    await get(`/oembed?url=${url}`, { stranger: true });
  }
  await get(`/oembed?url=${watchUrl(videoId)}`);
  // oEmbed names 501 for a format it does not offer: expected here, and still in the envelope.
  const xml = await rawRequest(
    port,
    'GET',
    `/api/v1/oembed?url=${watchUrl(videoId)}&format=xml`,
    {},
  );
  if (xml.status !== 501 || !isEnvelope(xml))
    problems.push(`oEmbed xml: ${xml.status} ${xml.body}`);
  // Channel feeds: names no channel has, too long, NUL, bytes that are no UTF-8, SQL, a path.
  for (const name of ['u'.repeat(101), 'a%00b', '%FF%FE', "x'%20or%201=1%20--", '..%2F..%2Fetc']) {
    await get(`/feeds/channels/${name}`, { stranger: true });
  }
  const feed = await rawRequest(port, 'GET', `/api/v1/feeds/channels/${alice.userName}`, {});
  if (feed.status !== 200 || feed.body.includes('Hidden from oEmbed'))
    problems.push(`channel feed: ${feed.status} leaks or fails`);
  expect(tallies.get(category)).toMatchObject({
    serverErrors: 0,
    outsideEnvelope: 0,
    authorizationFailures: 0,
    acceptedBadInput: 0,
  });
  expect(problems.filter((p) => p.includes('oEmbed') || p.includes('channel feed'))).toEqual([]);
});

// ---- Issue 32: passkeys (add, rename, remove, sign in, second step) --------------------------

it('answers every hostile request of issue 32 to the passkey operations the same way', async () => {
  const category = 'passkeys (issue 32)';
  const base = '/api/v1/users/passkeys';
  // WebAuthn needs a host name: the browser would be at http://localhost.
  const HOST = { host: 'localhost', 'content-type': 'application/json' };
  const hit = (
    method: string,
    target: string,
    {
      user,
      body,
      bad = false,
      stranger = false,
    }: { user?: TestUser | null; body?: unknown; bad?: boolean; stranger?: boolean } = {},
  ) => {
    const who = user === null ? {} : (user ?? alice).headers;
    const payload =
      body === undefined
        ? undefined
        : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    const headers = payload ? { ...who, ...HOST } : { ...who, host: 'localhost' };
    return send(category, method, `${base}${target}`, headers, payload, { bad, stranger });
  };

  // Alice has a passkey and a live second step; Bob has a passkey of his own.
  const aliceKey = await addPasskey(t, alice);
  const bobKey = await addPasskey(t, bob);
  await t.ctx.db
    .insert(totpCredentials)
    .values({ userId: alice.id, secretCiphertext: 'x', enabledAt: new Date() })
    .onConflictDoNothing();
  const [aliceRow] = await t.ctx.db.select().from(users).where(eq(users.id, alice.id));
  const stepTicket = (await secondStepOf(t.ctx.db, aliceRow!))!.secondStep.ticket;
  const alicePasskeys = async () =>
    JSON.stringify(
      (await t.ctx.db.select().from(passkeys).where(eq(passkeys.userId, alice.id))).map((p) => [
        p.id,
        p.name,
        p.counter,
      ]),
    );
  const before = await alicePasskeys();

  // Nobody signed in: every Settings operation.
  const aliceUrl = `/${aliceKey.passkey._id}`;
  for (const [method, target, body] of [
    ['GET', '', undefined],
    ['POST', '/register/options', undefined],
    ['POST', '/register', { ticket: 'a.b', response: {} }],
    ['PATCH', aliceUrl, { name: 'Mine' }],
    ['DELETE', aliceUrl, undefined],
  ] as const) {
    await hit(method, target, { user: null, body, stranger: true });
  }
  // Bob on Alice's passkey: 404, as for an unknown one.
  await hit('PATCH', aliceUrl, { user: bob, body: { name: 'Mine now' }, stranger: true });
  await hit('DELETE', aliceUrl, { user: bob, stranger: true });
  // Bad ids and names.
  for (const id of ['x'.repeat(1401), 'a%2Fb', 'a.b', '%00', 'a%20b']) {
    await hit('PATCH', `/${id}`, { body: { name: 'N' }, bad: true });
    await hit('DELETE', `/${id}`, { bad: true });
  }
  for (const body of [
    '{}',
    'null',
    '{"name": ""}',
    '{"name": "   "}',
    `{"name": "${'n'.repeat(65)}"}`,
    '{"name": 5}',
    '{"name": "N", "userId": "x"}',
    '{"name": ["N"]}',
  ]) {
    await hit('PATCH', aliceUrl, { body, bad: true });
  }

  // Registration: forged, someone else's and replayed tickets; answers that are no answer.
  const { ticket, options } = await registrationOptions(t, alice);
  const made = createCredential(options, LOCAL);
  const good = { ticket, response: made.response };
  await hit('POST', '/register', { user: bob, body: good, stranger: true });
  // Bob's try used Alice's ceremony up; a forged ticket names nothing.
  await hit('POST', '/register', { body: good, bad: true });
  await hit('POST', '/register', {
    body: { ...good, ticket: `${ticket.split('.')[0]}.${'A'.repeat(43)}` },
    bad: true,
  });
  const junkResponses = [
    {},
    { ...made.response, type: 'password' },
    { ...made.response, id: 'not base64!' },
    { ...made.response, response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' } },
    { ...made.response, response: { clientDataJSON: 'x'.repeat(20_000), attestationObject: 'A' } },
    { ...made.response, clientExtensionResults: 'none' },
    { ...made.response, extra: true },
  ];
  for (const response of junkResponses) {
    const fresh = await registrationOptions(t, alice);
    await hit('POST', '/register', { body: { ticket: fresh.ticket, response }, bad: true });
  }
  for (const body of ['null', '{}', '{"ticket": 1}', `{"ticket": "${'t'.repeat(201)}"}`]) {
    await hit('POST', '/register', { body, bad: true });
  }

  // Sign-in: bad option bodies, forged or replayed ceremonies, junk answers.
  for (const body of [
    '{"secondStepTicket": 1}',
    '{"secondStepTicket": ""}',
    '{"secondStepTicket": "a.b"}',
    '{"userId": "x"}',
    '[]',
  ]) {
    await hit('POST', '/sign-in/options', { user: null, body, bad: true });
  }
  const signIn = await signInOptions(t);
  const answer = assert(bobKey.credential, signIn.options, LOCAL);
  const signed = await hit('POST', '/sign-in', {
    user: null,
    body: { ticket: signIn.ticket, response: answer },
  });
  if (signed.status !== 200) problems.push(`passkey sign-in refused: ${signed.body}`);
  await hit('POST', '/sign-in', {
    user: null,
    body: { ticket: signIn.ticket, response: answer },
    bad: true,
  });
  for (const response of [
    {},
    { ...answer, response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AA' } },
    { ...answer, id: aliceKey.passkey._id, rawId: aliceKey.passkey._id },
    { ...answer, type: 'public-key ' },
  ]) {
    const fresh = await signInOptions(t);
    await hit('POST', '/sign-in', {
      user: null,
      body: { ticket: fresh.ticket, response },
      bad: true,
    });
  }
  // Bob's passkey for Alice's second step: refused however it is sent.
  const forStep = await signInOptions(t, stepTicket);
  await hit('POST', '/sign-in', {
    user: null,
    body: {
      ticket: forStep.ticket,
      response: assert(bobKey.credential, forStep.options, LOCAL),
      secondStepTicket: stepTicket,
    },
    stranger: true,
  });
  const plain = await signInOptions(t);
  await hit('POST', '/sign-in', {
    user: null,
    body: {
      ticket: plain.ticket,
      response: assert(bobKey.credential, plain.options, LOCAL),
      secondStepTicket: stepTicket,
    },
    stranger: true,
  });

  if ((await alicePasskeys()) !== before) {
    tallies.get(category)!.authorizationFailures += 1;
    problems.push(`Alice's passkeys changed: ${before} → ${await alicePasskeys()}`);
  }
  expect(tallies.get(category)).toMatchObject({
    serverErrors: 0,
    outsideEnvelope: 0,
    authorizationFailures: 0,
    acceptedBadInput: 0,
  });
  expect(problems.filter((p) => p.includes('passkey'))).toEqual([]);
}, 120_000);

// ---- Issue 32, mailed links (forgot and reset password, confirm an address): engineer "mail" ----

it('answers every hostile request of issue 32 to the mailed-link operations the same way', async () => {
  const category = 'mailed links (issue 32)';
  const users32 = '/api/v1/users';
  const post = (
    target: string,
    body: unknown,
    {
      bad = false,
      stranger = false,
      headers = {},
    }: { bad?: boolean; stranger?: boolean; headers?: Record<string, string> } = {},
  ) =>
    send(
      category,
      'POST',
      `${users32}${target}`,
      { 'content-type': 'application/json', ...headers },
      Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
      { bad, stranger },
    );
  const carol = await createUser(t);
  const dave = await createUser(t);
  const tokenFor = (user: TestUser, purpose: 'password-reset' | 'email-confirm') =>
    issueToken(t.ctx.db, {
      userId: user.id,
      purpose,
      email: `${user.userName}@example.com`,
      ttlMs: 60_000,
    });

  const notBodies = ['', '{', 'null', '[]', '"text"', '{"email":1}', '{"email":null}'];
  for (const body of [
    ...notBodies,
    { email: 'not-an-address' },
    { email: `${'x'.repeat(300)}@example.com` },
    { email: 'a@example.com', extra: 1 },
  ]) {
    await post('/password-reset/request', body, { bad: true });
  }
  const FORGED = ['forged', 'A'.repeat(43), "' or 1=1 --", '../../etc/passwd', 'x'.repeat(65)];
  for (const token of FORGED) {
    await post('/password-reset', { token, password: 'a new password' }, { bad: true });
    await post('/email-confirmation', { token }, { bad: true });
  }
  for (const body of [
    ...notBodies,
    { token: 'ok' },
    { token: 'ok', password: '' },
    { token: 'ok', password: '   ' },
    { token: 'ok', password: 'long enough', more: 1 },
  ]) {
    await post('/password-reset', body, { bad: true });
    await post('/email-confirmation', body, { bad: true });
  }

  // Expired, used, the other purpose's and someone else's tokens change nothing.
  const expired = await tokenFor(carol, 'password-reset');
  await t.ctx.db.update(accountTokens).set({ expiresAt: new Date(Date.now() - 1000) });
  await post('/password-reset', { token: expired, password: 'too late now' }, { bad: true });
  const once = await tokenFor(dave, 'password-reset');
  const first = await post('/password-reset', { token: once, password: 'first new one' });
  expect(first.status).toBe(200);
  expect(first.body).not.toContain(once);
  await post('/password-reset', { token: once, password: 'second new one' }, { bad: true });
  const confirmToken = await tokenFor(carol, 'email-confirm');
  const resetToken = await tokenFor(carol, 'password-reset');
  await post('/password-reset', { token: confirmToken, password: 'wrong purpose' }, { bad: true });
  await post('/email-confirmation', { token: resetToken }, { bad: true });
  const other = await createUser(t);
  await post(
    '/email-confirmation',
    { token: confirmToken },
    { stranger: true, headers: other.headers },
  );
  await post('/email-confirmation/resend', {}, { stranger: true });
  await post(
    '/email-confirmation/resend',
    {},
    { stranger: true, headers: { cookie: 'accessToken=forged.x' } },
  );
  const [kept] = await t.ctx.db
    .select()
    .from(accountTokens)
    .where(eq(accountTokens.userId, carol.id));
  expect(kept?.purpose).toBeDefined();

  // Whether an address has an account cannot be told from the answer.
  const known = await post('/password-reset/request', { email: `${carol.userName}@example.com` });
  const unknown = await post('/password-reset/request', {
    email: `nobody-${carol.userName}@example.com`,
  });
  expect([known.status, known.body]).toEqual([unknown.status, unknown.body]);

  expect(tallies.get(category)).toMatchObject({
    serverErrors: 0,
    outsideEnvelope: 0,
    authorizationFailures: 0,
    acceptedBadInput: 0,
  });
  expect(problems.filter((p) => p.includes('/users/'))).toEqual([]);
});

// ---- Issue 32: devices and two-step sign-in (the devices engineer's block) ----

it('answers every hostile request of issue 32 (devices, two-step sign-in) the same way', async () => {
  const { signUp, USERS } = await import('./fixtures/users.js');
  const { authenticatorCode } = await import('../support/authenticator.js');
  const category = 'devices and two-step (issue 32)';
  const api = '/api/v1/users';
  const JSON_TYPE = { 'content-type': 'application/json' };
  const hit = (
    method: string,
    target: string,
    {
      cookie,
      body,
      bad = false,
      stranger = false,
    }: { cookie?: string; body?: unknown; bad?: boolean; stranger?: boolean } = {},
  ) =>
    send(
      category,
      method,
      `${api}${target}`,
      {
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : JSON_TYPE),
      },
      body === undefined
        ? undefined
        : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
      { bad, stranger },
    );

  // Ann has two-step sign-in on; Ben is another account.
  const ann = await signUp(t);
  const ben = await signUp(t);
  const annCookie = `accessToken=${ann.accessToken}`;
  const benCookie = `accessToken=${ben.accessToken}`;
  const setup = await t.app.inject({
    method: 'POST',
    url: `${USERS}/two-step/setup`,
    cookies: ann.cookies,
  });
  const secret = setup.json<{ data: { secret: string } }>().data.secret;
  const codeAt = (offset: number) => authenticatorCode(secret, offset);
  // The code enabling used, kept as it was: computed again later it would be the next window's
  // fresh code on a machine slow enough for 30 s to pass, and rightly accepted.
  const usedCode = codeAt(0);
  const enable = await t.app.inject({
    method: 'POST',
    url: `${USERS}/two-step/enable`,
    cookies: ann.cookies,
    payload: { code: usedCode },
  });
  const recovery = enable.json<{ data: { recoveryCodes: string[] } }>().data.recoveryCodes;
  const ticketOf = async (who: typeof ann) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${USERS}/login`,
      payload: {
        userName: who.credentials.userName,
        email: who.credentials.email,
        password: who.credentials.password,
      },
    });
    return res.json<{ data: { secondStep: { ticket: string } } }>().data.secondStep.ticket;
  };
  const answers: string[] = [];
  const record = (a: RawAnswer) => {
    answers.push(a.body);
    return a;
  };

  // Devices: Ben's session id from Ann (404, and Ben stays signed in), bad ids, no session.
  const bensDevices = await t.app.inject({
    method: 'GET',
    url: `${USERS}/sessions`,
    cookies: ben.cookies,
  });
  const bensId = bensDevices.json<{ data: { devices: { _id: string }[] } }>().data.devices[0]!._id;
  const foreign = record(
    await hit('DELETE', `/sessions/${bensId}`, { cookie: annCookie, stranger: true }),
  );
  if (foreign.status !== 404) problems.push(`someone else's session: ${foreign.status}`);
  for (const id of badIds(bensId))
    await hit('DELETE', `/sessions/${id}`, { cookie: annCookie, bad: true });
  for (const [method, target] of [
    ['GET', '/sessions'],
    ['DELETE', `/sessions/${bensId}`],
    ['POST', '/sessions/sign-out-others'],
    ['GET', '/two-step'],
    ['POST', '/two-step/setup'],
  ] as const) {
    await hit(method, target, { stranger: true });
    await hit(method, target, { cookie: 'accessToken=forged.token.value', stranger: true });
  }
  const benStill = await t.app.inject({
    method: 'GET',
    url: `${USERS}/current-user`,
    cookies: ben.cookies,
  });
  if (benStill.statusCode !== 200) {
    tallies.get(category)!.authorizationFailures += 1;
    problems.push('Ben was signed out by a request of Ann');
  }

  // Two-step settings: bad bodies, wrong codes, reused code, without a session.
  const BAD_BODIES = [
    'null',
    '{}',
    '[]',
    '"123456"',
    '{"code": 123456}',
    '{"code": ""}',
    `{"code": "${'1'.repeat(33)}"}`,
    '{"code": "123456", "extra": 1}',
  ];
  for (const target of ['/two-step/enable', '/two-step/recovery-codes', '/two-step/disable']) {
    for (const body of BAD_BODIES)
      await hit('POST', target, { cookie: annCookie, body, bad: true });
    for (const code of ['000000', 'zzzz-zzzz', "1' or '1'='1", usedCode, codeAt(-3)]) {
      record(await hit('POST', target, { cookie: annCookie, body: { code }, bad: true }));
    }
    await hit('POST', target, { body: { code: codeAt(1) }, stranger: true });
    // Ben has no two-step sign-in: Ann's codes do nothing for him.
    record(
      await hit('POST', target, { cookie: benCookie, body: { code: recovery[0] }, bad: true }),
    );
  }
  await hit('POST', '/two-step/setup', { cookie: annCookie, bad: true }); // already on: 409

  // The second step: forged, malformed, someone else's and used tickets; wrong codes; bad bodies.
  const ticket = await ticketOf(ann);
  const [id, tail] = ticket.split('.');
  for (const forged of [
    `${id}.AAAA`,
    `${id}`,
    `${ticket}.x`,
    `AAAAAAAAAAAAAAAA.${tail}`,
    '..',
    'x'.repeat(200),
    `${id}.${tail}%00`,
  ]) {
    record(
      await hit('POST', '/login/second-step', {
        body: { ticket: forged, code: codeAt(1) },
        stranger: true,
      }),
    );
  }
  for (const body of [
    'null',
    '{}',
    `{"ticket": "${ticket}"}`,
    `{"code": "123456"}`,
    `{"ticket": "${ticket}", "code": 1}`,
    `{"ticket": "${'t'.repeat(201)}", "code": "123456"}`,
    `{"ticket": "${ticket}", "code": "1", "userId": "x"}`,
  ]) {
    await hit('POST', '/login/second-step', { body, bad: true });
  }
  // Wrong codes until the ticket is gone, then even the right code is refused.
  for (const code of ['000000', 'abcd-efgh', codeAt(-3), "' or 1=1 --", '99999999']) {
    record(await hit('POST', '/login/second-step', { body: { ticket, code }, bad: true }));
  }
  record(
    await hit('POST', '/login/second-step', { body: { ticket, code: codeAt(1) }, stranger: true }),
  );
  // A used ticket and a used code.
  const fresh = await ticketOf(ann);
  const won = await hit('POST', '/login/second-step', {
    body: { ticket: fresh, code: recovery[1] },
  });
  if (won.status !== 200) problems.push(`the right recovery code was refused: ${won.status}`);
  record(
    await hit('POST', '/login/second-step', {
      body: { ticket: fresh, code: recovery[2] },
      stranger: true,
    }),
  );
  record(
    await hit('POST', '/login/second-step', {
      body: { ticket: await ticketOf(ann), code: recovery[1] },
      bad: true,
    }),
  );
  // Ben's own (ordinary) password login never yields a ticket that opens Ann's account.
  record(
    await hit('POST', '/login/second-step', {
      body: { ticket: `${ben.user._id}.${tail}`, code: recovery[3] },
      stranger: true,
    }),
  );

  // No secret, code or hash in any answer (the first setup answer is the one that shows it).
  const stored = await t.ctx.db.query.recoveryCodes.findMany();
  for (const body of answers) {
    for (const leak of [secret, ...recovery, ...stored.map((r) => r.codeHash)]) {
      if (body.includes(leak)) {
        tallies.get(category)!.authorizationFailures += 1;
        problems.push(`leak in an answer: ${body}`);
      }
    }
  }
  expect(tallies.get(category)).toMatchObject({
    serverErrors: 0,
    outsideEnvelope: 0,
    authorizationFailures: 0,
    acceptedBadInput: 0,
  });
  expect(
    problems.filter(
      (p) =>
        p.includes('/users/') ||
        p.includes('session') ||
        p.includes('leak') ||
        p.includes('recovery'),
    ),
  ).toEqual([]);
}, 120_000);

it("answers every hostile request of issue 33's conversation the same way", async () => {
  const category = 'conversation (issue 33)';
  const api = '/api/v1';
  const JSON_TYPE = { 'content-type': 'application/json' };
  const hit = (
    method: string,
    target: string,
    {
      user,
      body,
      bad = false,
      stranger = false,
    }: { user?: TestUser | null; body?: unknown; bad?: boolean; stranger?: boolean } = {},
  ) => {
    const who = user === null ? {} : (user ?? alice).headers;
    const payload =
      body === undefined
        ? undefined
        : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    return send(
      category,
      method,
      `${api}${target}`,
      { ...who, ...(payload ? JSON_TYPE : {}) },
      payload,
      {
        bad,
        stranger,
      },
    );
  };
  const made = async (user: TestUser, target: string, content: string) => {
    const answer = await rawRequest(
      port,
      'POST',
      `${api}${target}`,
      { ...user.headers, ...JSON_TYPE },
      Buffer.from(JSON.stringify({ content })),
    );
    return (JSON.parse(answer.body) as { data: { _id: string } }).data._id;
  };
  const as = (user: TestUser, method: string, target: string, body?: unknown) =>
    rawRequest(
      port,
      method,
      `${api}${target}`,
      body === undefined ? user.headers : { ...user.headers, ...JSON_TYPE },
      body === undefined ? undefined : Buffer.from(JSON.stringify(body)),
    );

  // Alice's video holds Bob's and her own comment, Carol's held one, a tombstone with a reply
  // and blocked Dave's comment; another of hers has comments off; Bob has a video of his own.
  const carol = await createUser(t, 'h33carol');
  const dave = await createUser(t, 'h33dave');
  const bobsComment = await made(bob, `/comments/${videoId}`, 'Bob was here');
  const alicesComment = await made(alice, `/comments/${videoId}`, 'Thanks for watching');
  await as(alice, 'PUT', '/comments/moderation/words', { words: ['heldword'] });
  const held = await made(carol, `/comments/${videoId}`, 'a heldword inside');
  const tomb = await made(bob, `/comments/${videoId}`, 'soon deleted');
  await made(carol, `/comments/c/${tomb}/replies`, 'a reply stays');
  await as(bob, 'DELETE', `/comments/c/${tomb}`);
  const blocked = await made(dave, `/comments/${videoId}`, 'dave speaks');
  await as(alice, 'PUT', `/comments/moderation/blocked/${dave.id}`);
  const off = await insertVideo(t, alice);
  const offComment = await made(bob, `/comments/${off}`, 'before it went off');
  await as(alice, 'PATCH', `/comments/${off}/settings`, { commentsOff: true });
  const bobsVideo = await insertVideo(t, bob);
  const onBobs = await made(carol, `/comments/${bobsVideo}`, 'on bob');
  const hidden = await insertVideo(t, alice, { isPublished: false });
  const hiddenComment = await made(alice, `/comments/${hidden}`, 'private');
  const bobsReply = await made(bob, `/comments/c/${bobsComment}/replies`, 'my reply');

  const snapshot = async () =>
    JSON.stringify([
      await t.ctx.db
        .select({
          id: comments.id,
          content: comments.content,
          status: comments.status,
          pinned: comments.pinnedAt,
          hearted: comments.heartedAt,
          deleted: comments.deletedAt,
        })
        .from(comments)
        .orderBy(comments.id),
      await t.ctx.db.select().from(channelHeldWords).orderBy(channelHeldWords.word),
      await t.ctx.db.select().from(channelBlockedUsers).orderBy(channelBlockedUsers.userId),
      await t.ctx.db.select({ id: videosTable.id, off: videosTable.commentsOff }).from(videosTable),
    ]);
  const before = await snapshot();

  // Another user's pin, heart, approve, delete, edit and settings; another creator's video.
  for (const method of ['PUT', 'DELETE']) {
    for (const id of [bobsComment, alicesComment]) {
      await hit(method, `/comments/c/${id}/pin`, { user: bob, stranger: true });
      await hit(method, `/comments/c/${id}/heart`, { user: carol, stranger: true });
    }
    await hit(method, `/comments/c/${onBobs}/pin`, { stranger: true });
    await hit(method, `/comments/c/${onBobs}/heart`, { stranger: true });
    await hit(method, `/comments/c/${hiddenComment}/pin`, { user: bob, stranger: true });
    await hit(method, `/comments/moderation/blocked/${alice.id}`, { stranger: true, bad: true });
  }
  await hit('POST', `/comments/c/${held}/approve`, { user: bob, stranger: true });
  await hit('POST', `/comments/c/${held}/approve`, { user: carol, stranger: true });
  await hit('POST', `/comments/c/${onBobs}/approve`, { stranger: true });
  await hit('POST', `/comments/c/${blocked}/approve`, { stranger: true });
  await hit('DELETE', `/comments/c/${bobsComment}`, { user: carol, stranger: true });
  await hit('DELETE', `/comments/c/${alicesComment}`, { user: bob, stranger: true });
  await hit('DELETE', `/comments/c/${onBobs}`, { stranger: true });
  await hit('DELETE', `/comments/c/${held}`, { user: bob, stranger: true });
  await hit('DELETE', `/comments/c/${tomb}`, { user: bob, stranger: true });
  await hit('PATCH', `/comments/c/${bobsReply}`, {
    user: carol,
    body: { content: 'x' },
    stranger: true,
  });
  await hit('PATCH', `/comments/c/${bobsComment}`, { body: { content: 'x' }, stranger: true });
  await hit('PATCH', `/comments/${videoId}/settings`, {
    user: bob,
    body: { commentsOff: true },
    stranger: true,
  });
  await hit('PATCH', `/comments/${hidden}/settings`, {
    user: bob,
    body: { commentsOff: true },
    stranger: true,
  });
  // Replies to a deleted, held or blocked comment, and what one may not see.
  for (const [user, id] of [
    [bob, tomb],
    [bob, held],
    [carol, held],
    [bob, blocked],
    [bob, hiddenComment],
  ] as const) {
    await hit('POST', `/comments/c/${id}/replies`, {
      user,
      body: { content: 'hi' },
      stranger: true,
    });
  }
  for (const id of [held, blocked, hiddenComment]) {
    await hit('GET', `/comments/c/${id}/replies`, { user: bob, stranger: true });
    await hit('POST', `/likes/toggle/c/${id}`, { user: bob, stranger: true });
  }
  // A blocked user, and comments off.
  await hit('POST', `/comments/${videoId}`, {
    user: dave,
    body: { content: 'again' },
    stranger: true,
  });
  await hit('POST', `/comments/c/${bobsComment}/replies`, {
    user: dave,
    body: { content: 'again' },
    stranger: true,
  });
  await hit('POST', `/comments/${off}`, { user: bob, body: { content: 'off?' }, stranger: true });
  await hit('POST', `/comments/c/${offComment}/replies`, {
    user: bob,
    body: { content: 'off?' },
    stranger: true,
  });
  // No session: every operation.
  const everyOperation: [string, string, unknown?][] = [
    ['GET', `/comments/c/${bobsComment}/replies`],
    ['POST', `/comments/c/${bobsComment}/replies`, { content: 'x' }],
    ['PUT', `/comments/c/${bobsComment}/pin`],
    ['DELETE', `/comments/c/${bobsComment}/pin`],
    ['PUT', `/comments/c/${bobsComment}/heart`],
    ['DELETE', `/comments/c/${bobsComment}/heart`],
    ['POST', `/comments/c/${held}/approve`],
    ['PATCH', `/comments/${videoId}/settings`, { commentsOff: true }],
    ['GET', '/comments/moderation/held'],
    ['GET', '/comments/moderation/words'],
    ['PUT', '/comments/moderation/words', { words: [] }],
    ['GET', '/comments/moderation/blocked'],
    ['PUT', `/comments/moderation/blocked/${bob.id}`],
    ['DELETE', `/comments/moderation/blocked/${dave.id}`],
  ];
  for (const [method, target, body] of everyOperation) {
    await hit(method, target, { user: null, body, stranger: true });
  }
  // Bad ids, bodies, paging and sorts.
  for (const id of badIds(bobsComment)) {
    for (const [method, suffix] of [
      ['GET', '/replies'],
      ['PUT', '/pin'],
      ['DELETE', '/pin'],
      ['PUT', '/heart'],
      ['DELETE', '/heart'],
      ['POST', '/approve'],
    ]) {
      await hit(method!, `/comments/c/${id}${suffix}`, { bad: true });
    }
    await hit('POST', `/comments/c/${id}/replies`, { body: { content: 'x' }, bad: true });
    await hit('PUT', `/comments/moderation/blocked/${id}`, { bad: true });
    await hit('PATCH', `/comments/${id}/settings`, { body: { commentsOff: true }, bad: true });
  }
  for (const value of NOT_A_BOOLEAN) {
    await hit('PATCH', `/comments/${videoId}/settings`, {
      body: `{"commentsOff": ${value}}`,
      bad: true,
    });
  }
  for (const body of ['null', '{}', '{"commentsOff": false, "more": 1}']) {
    await hit('PATCH', `/comments/${videoId}/settings`, { body, bad: true });
  }
  for (const body of [
    'null',
    '{}',
    '{"words": "spam"}',
    '{"words": [1]}',
    '{"words": [null]}',
    '{"words": ["a"]}',
    '{"words": ["   x   "]}',
    `{"words": ["${'w'.repeat(41)}"]}`,
    JSON.stringify({ words: Array.from({ length: 201 }, (_, i) => `word${i}`) }),
    '{"words": [], "more": true}',
  ]) {
    await hit('PUT', '/comments/moderation/words', { body, bad: true });
  }
  for (const body of [
    'null',
    '{}',
    '{"content": ""}',
    '{"content": "   "}',
    '{"content": 5}',
    `{"content": "${'x'.repeat(2001)}"}`,
    '{"content": "x", "parentId": "y"}',
  ]) {
    await hit('POST', `/comments/c/${bobsComment}/replies`, { user: bob, body, bad: true });
  }
  for (const query of PAGING) {
    await hit('GET', `/comments/c/${bobsComment}/replies?${query}`, { bad: true });
    await hit('GET', `/comments/moderation/held?${query}`, { bad: true });
    await hit('GET', `/comments/moderation/blocked?${query}`, { bad: true });
  }
  for (const sort of ['best', 'TOP', '', 'newest,top']) {
    await hit('GET', `/comments/${videoId}?sort=${sort}`, { bad: true });
  }

  if ((await snapshot()) !== before) {
    tallies.get(category)!.authorizationFailures += 1;
    problems.push(`the conversation changed: ${before} → ${await snapshot()}`);
  }
  expect(tallies.get(category)).toMatchObject({
    serverErrors: 0,
    outsideEnvelope: 0,
    authorizationFailures: 0,
    acceptedBadInput: 0,
  });
}, 120_000);

it("answers every hostile request of issue 34 (S) to a video's analytics and the watch source the same way", async () => {
  const category = 'issue 34: analytics';
  const api = '/api/v1';
  const analytics = (id: string, query = '') =>
    `${api}/dashboard/videos/${id}/analytics${query ? `?${query}` : ''}`;
  const own = await send(category, 'GET', analytics(videoId), alice.headers);
  expect(own.status).toBe(200);
  // Someone else's video, or nobody's: 404 (the same answer), never the numbers.
  await send(category, 'GET', analytics(videoId), bob.headers, undefined, { stranger: true });
  await send(category, 'GET', analytics(videoId), {}, undefined, { stranger: true });
  for (const id of badIds(videoId)) {
    await send(category, 'GET', analytics(encodeURIComponent(id)), alice.headers, undefined, {
      bad: true,
    });
  }
  for (const query of [
    'days=0',
    'days=8',
    'days=abc',
    'days=7&days=28',
    'timeZone=',
    'timeZone=Mars%2FBase',
    `timeZone=${'A'.repeat(65)}`,
    'timeZone=%00',
    'timeZone=../../etc',
  ]) {
    await send(category, 'GET', analytics(videoId, query), alice.headers, undefined, { bad: true });
  }
  for (const source of ['tracker', '', 'FEED', 'feed,search', '%00', 'x'.repeat(300)]) {
    await send(
      category,
      'GET',
      `${api}/videos/${videoId}?source=${source}`,
      bob.headers,
      undefined,
      {
        bad: true,
      },
    );
  }
  expect(tallies.get(category)).toMatchObject({
    serverErrors: 0,
    outsideEnvelope: 0,
    authorizationFailures: 0,
    acceptedBadInput: 0,
  });
});

it("answers every hostile request of issue 34's visibility the same way, and leaks no unlisted or scheduled video", async () => {
  const category = 'visibility (issue 34)';
  const api = '/api/v1';
  const JSON_TYPE = { 'content-type': 'application/json' };
  const hit = (
    method: string,
    target: string,
    { user, body, bad = false, stranger = false }: HitOptions = {},
  ) => {
    const who = user === null ? {} : (user ?? alice).headers;
    const payload =
      body === undefined
        ? undefined
        : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    return send(
      category,
      method,
      `${api}${target}`,
      { ...who, ...(payload ? JSON_TYPE : {}) },
      payload,
      { bad, stranger },
    );
  };
  const as = (user: TestUser, method: string, target: string, body?: unknown) =>
    rawRequest(
      port,
      method,
      `${api}${target}`,
      body === undefined ? user.headers : { ...user.headers, ...JSON_TYPE },
      body === undefined ? undefined : Buffer.from(JSON.stringify(body)),
    );
  const idOf = (answer: RawAnswer) =>
    (JSON.parse(answer.body) as { data: { _id: string } }).data._id;

  // Carol subscribes to Alice and watches one of her public videos live. Alice then makes an
  // unlisted video (by upload) and a scheduled one (by the API), with words and a tag found
  // nowhere else, and puts both in a playlist.
  const carol = await createUser(t, 'h34carol');
  await as(carol, 'POST', `/subscriptions/c/${alice.id}`);
  const stream = await openSse(
    `http://127.0.0.1:${port}${api}/events?video=${videoId}`,
    carol.cookie,
  );
  await stream.started();
  const unlistedAnswer = await upload(t, alice, {
    fields: {
      title: 'Quetzalunlisted morning',
      description: 'quetzalunlisted',
      tags: '["quetzaltag"]',
      visibility: 'unlisted',
    },
  });
  const unlisted = unlistedAnswer.json<{ data: { _id: string } }>().data._id;
  const scheduled = await insertVideo(t, alice, {
    title: 'Axolotlscheduled evening',
    description: 'axolotlscheduled',
    tags: ['axolotltag'],
  });
  const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
  await as(alice, 'PATCH', `/videos/${scheduled}/visibility`, {
    visibility: 'private',
    publishAt: inAnHour,
  });
  const playlist = idOf(
    await as(alice, 'POST', '/playlist', { title: 'h34 list', description: 'both' }),
  );
  for (const id of [unlisted, scheduled, videoId]) {
    await as(alice, 'PATCH', `/playlist/add/${id}/${playlist}`);
  }
  // After those writes, an event Carol hears: anything they sent her came before it.
  await as(alice, 'POST', `/comments/${videoId}`, { content: 'sentinel' });
  const heard = await stream.next((m) => m.event === 'comment');
  const before = stream.messages.slice(0, stream.messages.indexOf(heard));
  stream.close();
  // The unlisted video plays by its link (and so is in Carol's own history's table).
  expect((await as(carol, 'GET', `/videos/${unlisted}`)).status).toBe(200);
  const secrets = [unlisted, scheduled, 'quetzal', 'axolotl'];
  const leaks: string[] = [];
  if (before.some((m) => m.event === 'notifications')) leaks.push('live event: notifications');

  const lists = [
    '/videos?limit=50',
    `/videos?userId=${alice.id}&limit=50`,
    '/videos?query=quetzalunlisted',
    '/videos?query=axolotlscheduled',
    '/videos?query=quetzalunlistd',
    '/videos?query=axolotlschedule',
    '/videos?tag=quetzaltag',
    '/videos?tag=axolotltag',
    '/videos/tags/popular?limit=30',
    '/search/suggestions?q=quetz',
    '/search/suggestions?q=axolo',
    `/videos/${videoId}/up-next`,
    '/subscriptions/videos?limit=50',
    `/playlist/${playlist}`,
    `/playlist/user/${alice.id}`,
    '/notifications?limit=50',
    '/notifications/unread-count',
    '/users/history',
  ];
  for (const user of [carol, bob, null]) {
    for (const target of lists) {
      const answer = await hit('GET', target, { user });
      if (answer.status >= 400 && user !== null) leaks.push(`${target}: ${answer.status}`);
      const found = secrets.filter((s) => answer.body.toLowerCase().includes(s));
      if (found.length > 0)
        leaks.push(`${user?.userName ?? 'anonymous'} ${target}: ${found.join()}`);
    }
  }
  // Counts: the channel's total and the playlist's count say what the lists show.
  const channel = JSON.parse(
    (await as(carol, 'GET', `/videos?userId=${alice.id}&limit=50`)).body,
  ) as {
    data: { videos: unknown[]; totalVideos: number };
  };
  if (channel.data.totalVideos !== channel.data.videos.length) leaks.push('channel total');
  const lists34 = JSON.parse((await as(carol, 'GET', `/playlist/user/${alice.id}`)).body) as {
    data: { _id: string; videos: number }[];
  };
  if (lists34.data.find((p) => p._id === playlist)?.videos !== 1) leaks.push('playlist count');
  const unread = JSON.parse((await as(carol, 'GET', '/notifications/unread-count')).body) as {
    data: { unreadCount: number };
  };
  const bell = JSON.parse((await as(carol, 'GET', '/notifications?limit=50')).body) as {
    data: { notifications: unknown[] };
  };
  if (unread.data.unreadCount !== bell.data.notifications.length) leaks.push('unread count');
  if (leaks.length > 0) {
    tallies.get(category)!.authorizationFailures += leaks.length;
    problems.push(...leaks.map((leak) => `leak: ${leak}`));
  }

  // The scheduled one is its owner's alone.
  await hit('GET', `/videos/${scheduled}`, { user: carol, stranger: true });
  await hit('GET', `/events?video=${scheduled}`, { user: carol, stranger: true });

  const snapshot = async () =>
    JSON.stringify(
      await t.ctx.db
        .select({
          id: videosTable.id,
          visibility: videosTable.visibility,
          publishAt: videosTable.publishAt,
          videoKey: videosTable.videoKey,
        })
        .from(videosTable)
        .orderBy(videosTable.id),
    );
  const state = await snapshot();
  // Another user's video, of every visibility, and no session.
  for (const id of [videoId, unlisted, scheduled]) {
    for (const body of [
      { visibility: 'public' },
      { visibility: 'unlisted' },
      { visibility: 'private', publishAt: inAnHour },
    ]) {
      await hit('PATCH', `/videos/${id}/visibility`, { user: bob, body, stranger: true });
      await hit('PATCH', `/videos/${id}/visibility`, { user: null, body, stranger: true });
    }
    await hit('PATCH', `/videos/toggle/publish/${id}`, { user: bob, stranger: true });
  }
  // Bad ids and bodies.
  for (const id of badIds(videoId)) {
    await hit('PATCH', `/videos/${id}/visibility`, { body: { visibility: 'public' }, bad: true });
  }
  const far = new Date(Date.now() + 400 * 86_400_000).toISOString();
  for (const body of [
    'null',
    '{}',
    '[]',
    '"public"',
    '{"visibility": "Public"}',
    '{"visibility": "hidden"}',
    '{"visibility": 1}',
    '{"visibility": null}',
    '{"visibility": "public", "more": 1}',
    '{"visibility": "public", "publishAt": "2030-01-01T00:00:00Z"}',
    '{"visibility": "private", "publishAt": "tomorrow"}',
    '{"visibility": "private", "publishAt": 1893456000000}',
    '{"visibility": "private", "publishAt": "2001-01-01T00:00:00Z"}',
    '{"visibility": "unlisted", "publishAt": "0000-00-00T00:00:00Z"}',
    '{"visibility": "unlisted", "publishAt": "9999-12-31T23:59:59Z"}',
    `{"visibility": "unlisted", "publishAt": "${far}"}`,
    `{"visibility": "unlisted", "publishAt": ${JSON.stringify('x'.repeat(10_000))}}`,
  ]) {
    await hit('PATCH', `/videos/${unlisted}/visibility`, { body, bad: true });
  }
  if ((await snapshot()) !== state) {
    tallies.get(category)!.authorizationFailures += 1;
    problems.push('the videos changed');
  }
  expect(tallies.get(category)).toMatchObject({
    serverErrors: 0,
    outsideEnvelope: 0,
    authorizationFailures: 0,
    acceptedBadInput: 0,
  });
}, 180_000);

interface HitOptions {
  user?: TestUser | null;
  body?: unknown;
  bad?: boolean;
  stranger?: boolean;
}
