/**
 * Every form that shows the server's refusals gets them in words (issue 22): for each body of the
 * contract that a form sends, each field is broken once per rule its schema states (too short, too
 * long, a pattern, a format, a wrong type, missing), and the answer must name that field first and
 * then say, as a sentence, what is wrong. ajv's own text ("must match pattern", "must NOT have
 * fewer than") must never come out. The cases are made from the schemas themselves, so a rule
 * added to the contract is tried here without touching this file.
 */
import type { TObject, TSchema } from '@sinclair/typebox';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommentBody } from '../../contract/engagement.js';
import { CreatePlaylistBody, UpdatePlaylistBody } from '../../contract/playlists.js';
import { TweetBody } from '../../contract/tweets.js';
import { ResumableUploadFields } from '../../contract/uploads.js';
import {
  AccountDetailsBody,
  AvailabilityBody,
  ChangePasswordBody,
  RegisterBody,
} from '../../contract/users.js';
import { VideoEditBody } from '../../contract/videos.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { newCredentials } from './fixtures/users.js';
import { createTestApp, type TestApp } from './helpers.js';
import { insertPlaylist } from './playlist-helpers.js';
import { UPLOADS, VALID_FIELDS, encodeMetadata } from './tus-helpers.js';
import { insertVideo } from './video-helpers.js';

/** What ajv writes; none of it may reach a person. */
const RAW_SCHEMA_TEXT =
  /must NOT|must match|must have|must be (string|integer|number|boolean|array|object|equal|<|>)|must be a valid|should |pattern "|format "|anyOf|instancePath/;
/** "field: Sentence": the field as the client named it, then a capitalised sentence. */
const FIELD_SENTENCE = /^[A-Za-z][\w.]*: [A-Z][^;]*$/;

type Body = Record<string, unknown>;

interface Form {
  name: string;
  schema: TObject;
  valid: () => Body;
  /** Sends a body the way the form does (JSON, or tus' Upload-Metadata header). */
  send: (body: Body) => Promise<LightMyRequestResponse>;
  /** tus metadata is text only: a wrong type cannot be sent. */
  textOnly?: boolean;
}

interface Case {
  field: string;
  rule: string;
  body: Body;
}

const PATTERN_BREAKERS = ['QA Tester!', '   ', 'ab cd'];

/** One broken body per rule of each field of `form`'s schema, the other fields valid. */
function casesOf(form: Form): Case[] {
  const cases: Case[] = [];
  const required = new Set(form.schema.required ?? []);
  for (const [field, schema] of Object.entries<TSchema>(form.schema.properties)) {
    // Files travel as multipart parts, not as text fields.
    if (schema.format === 'binary') continue;
    const withValue = (rule: string, value: unknown) =>
      cases.push({ field, rule, body: { ...form.valid(), [field]: value } });
    if (required.has(field)) {
      const body = form.valid();
      delete body[field];
      cases.push({ field, rule: 'required', body });
    }
    if (!form.textOnly) withValue('type', { nested: true });
    if (schema.type !== 'string') continue;
    const min = schema.minLength as number | undefined;
    const max = schema.maxLength as number | undefined;
    if (min !== undefined) withValue('minLength', 'a'.repeat(Math.max(0, min - 1)));
    if (max !== undefined) withValue('maxLength', 'a'.repeat(max + 1));
    if (typeof schema.pattern === 'string') {
      const pattern = new RegExp(schema.pattern, 'u');
      const breaker = PATTERN_BREAKERS.find((v) => !pattern.test(v));
      if (breaker) withValue('pattern', breaker);
    }
    if (schema.format === 'email') withValue('format', 'not-an-email');
  }
  return cases;
}

describe('validation refusals are sentences, never schema text', () => {
  let t: TestApp;
  let alice: TestUser;
  let videoId: string;
  let playlistId: string;
  let tweetId: string;
  let commentId: string;

  const json = (method: 'POST' | 'PATCH', url: string) => (body: Body) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: alice.headers, payload: body });

  const forms = (): Form[] => [
    {
      name: 'sign-up',
      schema: RegisterBody,
      valid: () => ({ ...newCredentials() }),
      send: json('POST', '/users/register'),
    },
    {
      name: 'sign-up availability check',
      schema: AvailabilityBody,
      valid: () => ({ userName: 'someone_free' }),
      send: json('POST', '/users/availability'),
    },
    {
      name: 'settings: personal information',
      schema: AccountDetailsBody,
      valid: () => ({ fullName: 'Alice', email: 'alice.words@example.org' }),
      send: json('PATCH', '/users/update-Account-Details'),
    },
    {
      name: 'settings: change password',
      schema: ChangePasswordBody,
      valid: () => ({ oldPassword: 'not-checked-here', newPassword: 'a new password' }),
      send: json('POST', '/users/change-password'),
    },
    {
      name: 'upload (resumable creation)',
      schema: ResumableUploadFields,
      valid: () => ({ ...VALID_FIELDS }),
      textOnly: true,
      send: (body) =>
        t.app.inject({
          method: 'POST',
          url: UPLOADS,
          headers: {
            ...alice.headers,
            'tus-resumable': '1.0.0',
            'upload-length': '1000',
            'upload-metadata': encodeMetadata(body as Record<string, string>),
          },
        }),
    },
    {
      name: 'edit video',
      schema: VideoEditBody,
      valid: () => ({ title: 'Edited', description: 'd', tags: '["a"]' }),
      send: (body) => json('PATCH', `/videos/${videoId}`)(body),
    },
    {
      name: 'create playlist',
      schema: CreatePlaylistBody,
      valid: () => ({ title: 'Mix', description: 'Songs' }),
      send: json('POST', '/playlist'),
    },
    {
      name: 'edit playlist',
      schema: UpdatePlaylistBody,
      valid: () => ({ name: 'Mix', description: 'Songs' }),
      send: (body) => json('PATCH', `/playlist/${playlistId}`)(body),
    },
    {
      name: 'post tweet',
      schema: TweetBody,
      valid: () => ({ content: 'Hello' }),
      send: json('POST', '/tweets'),
    },
    {
      name: 'edit tweet',
      schema: TweetBody,
      valid: () => ({ content: 'Hello' }),
      send: (body) => json('PATCH', `/tweets/${tweetId}`)(body),
    },
    {
      name: 'add comment',
      schema: CommentBody,
      valid: () => ({ content: 'Nice' }),
      send: (body) => json('POST', `/comments/${videoId}`)(body),
    },
    {
      name: 'edit comment',
      schema: CommentBody,
      valid: () => ({ content: 'Nice' }),
      send: (body) => json('PATCH', `/comments/c/${commentId}`)(body),
    },
  ];

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice_words');
    videoId = await insertVideo(t, alice);
    playlistId = await insertPlaylist(t, alice);
    const post = (url: string, payload: Body) =>
      t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: alice.headers, payload });
    tweetId = (await post('/tweets', { content: 'First' })).json<{ data: { _id: string } }>().data
      ._id;
    commentId = (await post(`/comments/${videoId}`, { content: 'First' })).json<{
      data: { _id: string };
    }>().data._id;
  });
  afterAll(() => t.close());

  it('tries every rule of every form field (the cases come from the contract)', () => {
    const all = forms().flatMap((form) => casesOf(form).map((c) => `${form.name} ${c.field}`));
    // A sample of what the schemas must produce, so that an empty walk cannot pass.
    expect(all).toEqual(
      expect.arrayContaining([
        'sign-up userName',
        'sign-up email',
        'settings: change password newPassword',
        'post tweet content',
        'edit video title',
      ]),
    );
    expect(all.length).toBeGreaterThan(60);
  });

  it('answers each broken rule with "field: Sentence" about that field', async () => {
    const failures: string[] = [];
    for (const form of forms()) {
      for (const c of casesOf(form)) {
        const res = await form.send(c.body);
        const { message, success, data } = res.json<{
          message: string;
          success: boolean;
          data: unknown;
        }>();
        const where = `${form.name}, ${c.field} (${c.rule}): ${res.statusCode} "${message}"`;
        if (res.statusCode < 400 || success !== false || data !== null) failures.push(where);
        else if (RAW_SCHEMA_TEXT.test(message)) failures.push(`schema text in ${where}`);
        else if (!FIELD_SENTENCE.test(message)) failures.push(`not a field sentence: ${where}`);
        else if (!message.startsWith(`${c.field}: `)) failures.push(`other field named: ${where}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
