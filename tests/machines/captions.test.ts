import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Caption } from '../../contract/captions.js';
import {
  CAPTIONS_MESSAGES,
  captionsMachine,
  selectCaptions,
  selectMessage,
  type RemoveCaptionInput,
  type UploadCaptionInput,
} from '../../machines/captions.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { model } from './captions.model.js';
import { settle } from './video-fixtures.js';

describeModel(model);

const stored = (language: string, label: string): Caption => ({
  language,
  label,
  url: `/media/captions/${language}.vtt`,
  cueCount: 1,
  updatedAt: '2026-11-29T20:00:00.000Z',
});

function start(list: Caption[], refusal: Error | null = null) {
  const uploads: UploadCaptionInput[] = [];
  const removals: RemoveCaptionInput[] = [];
  const actor = createActor(
    captionsMachine.provide({
      actors: {
        fetchCaptions: fromPromise(async () => list),
        uploadCaption: fromPromise<Caption, UploadCaptionInput>(async ({ input }) => {
          uploads.push(input);
          if (refusal) throw refusal;
          return stored(input.language, input.label || input.language);
        }),
        removeCaption: fromPromise<void, RemoveCaptionInput>(async ({ input }) => {
          removals.push(input);
        }),
      },
    }),
    { input: { videoId: 'v1' } },
  ).start();
  return { actor, uploads, removals, snap: () => actor.getSnapshot() };
}

describe('captions', () => {
  it('uploads a new language, replaces a listed one and removes one', async () => {
    const { actor, uploads, removals, snap } = start([stored('en', 'English')]);
    await settle();
    const file = { name: 'fr.srt', size: 100 };
    actor.send({ type: 'LANGUAGE_CHANGED', text: 'fr' });
    actor.send({ type: 'LABEL_CHANGED', text: ' Français ' });
    actor.send({ type: 'FILE_CHOSEN', file });
    actor.send({ type: 'UPLOAD' });
    await settle();
    expect(uploads).toEqual([{ videoId: 'v1', language: 'fr', label: 'Français', file }]);
    expect(selectCaptions(snap()).map((c) => c.label)).toEqual(['English', 'Français']);
    expect(selectMessage(snap())?.text).toBe(CAPTIONS_MESSAGES.saved);
    const again = { name: 'en.vtt', size: 50 };
    actor.send({ type: 'REPLACE', language: 'en', file: again });
    await settle();
    expect(uploads[1]).toEqual({ videoId: 'v1', language: 'en', label: 'English', file: again });
    actor.send({ type: 'REMOVE', language: 'fr' });
    await settle();
    expect(removals).toEqual([{ videoId: 'v1', language: 'fr' }]);
    expect(selectCaptions(snap()).map((c) => c.language)).toEqual(['en']);
  });

  it("says what is missing before sending, and shows the server's reason after", async () => {
    const { actor, uploads, snap } = start(
      [],
      new Error('file: Cue 1: the tag <script> is not allowed'),
    );
    await settle();
    actor.send({ type: 'UPLOAD' });
    expect(selectMessage(snap())?.text).toBe(CAPTIONS_MESSAGES.badLanguage);
    actor.send({ type: 'LANGUAGE_CHANGED', text: 'en' });
    actor.send({ type: 'UPLOAD' });
    expect(selectMessage(snap())?.text).toBe(CAPTIONS_MESSAGES.noFile);
    actor.send({ type: 'FILE_CHOSEN', file: { name: 'x.vtt', size: 10 } });
    actor.send({ type: 'UPLOAD' });
    await settle();
    expect(uploads).toHaveLength(1);
    expect(selectMessage(snap())).toEqual({
      kind: 'error',
      text: 'Cue 1: the tag <script> is not allowed',
    });
  });
});
