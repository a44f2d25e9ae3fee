import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { CAPTION_LIMITS, type Caption } from '../../contract/captions.js';
import {
  CAPTIONS_MESSAGES as M,
  captionsMachine,
  selectBusyLanguage,
  selectCaptions,
  selectIsBusy,
  selectLoadFailed,
  selectMessage,
  uploadProblem,
  type CaptionsContext,
  type CaptionsSnapshot,
} from '../../machines/captions.machine.js';
import type { Model } from '../support/model.js';

const caption = (language: string, label: string): Caption => ({
  language,
  label,
  url: `https://site.example/media/captions/${language}.vtt`,
  cueCount: 3,
  updatedAt: '2026-11-29T20:00:00.000Z',
});
const english = caption('en', 'English');
const brazilian = caption('pt-BR', 'Portuguese (Brazil)');
/** A list with no room for another language (English and Portuguese among them). */
const full = [
  english,
  brazilian,
  ...Array.from({ length: CAPTION_LIMITS.languagesPerVideo - 2 }, (_, i) =>
    caption(
      `x${String.fromCharCode(97 + (i % 26))}${i < 26 ? '' : 'z'}`,
      `L${String(i).padStart(2, '0')}`,
    ),
  ),
];
const vtt = { name: 'subs.vtt', size: 2000 };
const srt = { name: 'SUBS.SRT', size: 2000 };
const big = { name: 'big.vtt', size: CAPTION_LIMITS.bytes + 1 };
const text = { name: 'notes.txt', size: 20 };

export const model: Model<typeof captionsMachine> = {
  name: 'captions',
  machine: captionsMachine,
  input: { videoId: 'video-1' },
  meaning: {
    loading: "the video's captions are being read",
    loadFailed: '"Could not load the captions." and Retry',
    ready: 'the list by label; the upload form',
    'ready.idle': 'buttons enabled; the last outcome (saved, removed, or why not) shows',
    'ready.uploading': "busy on the language being sent; the form's or the row's file is sent",
    'ready.removing': 'busy on the row being removed',
  },
  promiseActors: ['fetchCaptions', 'uploadCaption', 'removeCaption'],
  events: {
    'xstate.done.actor.fetchCaptions': [
      { type: 'xstate.done.actor.fetchCaptions', output: [english] },
      { type: 'xstate.done.actor.fetchCaptions', output: full },
    ],
    'xstate.error.actor.fetchCaptions': [
      { type: 'xstate.error.actor.fetchCaptions', error: new Error('') },
    ],
    LANGUAGE_CHANGED: [
      { type: 'LANGUAGE_CHANGED', text: 'pt-br' },
      { type: 'LANGUAGE_CHANGED', text: 'english!' },
    ],
    LABEL_CHANGED: [{ type: 'LABEL_CHANGED', text: 'Português' }],
    FILE_CHOSEN: [
      { type: 'FILE_CHOSEN', file: srt },
      { type: 'FILE_CHOSEN', file: big },
      { type: 'FILE_CHOSEN', file: text },
    ],
    REPLACE: [
      { type: 'REPLACE', language: 'en', file: vtt },
      { type: 'REPLACE', language: 'en', file: text },
    ],
    REMOVE: [{ type: 'REMOVE', language: 'en' }],
    'xstate.done.actor.uploadCaption': [
      { type: 'xstate.done.actor.uploadCaption', output: brazilian },
    ],
    'xstate.error.actor.uploadCaption': [
      {
        type: 'xstate.error.actor.uploadCaption',
        error: new Error('file: Cue 2: it starts before cue 1 (times must not run backwards)'),
      },
      { type: 'xstate.error.actor.uploadCaption', error: new Error('') },
    ],
    'xstate.done.actor.removeCaption': [{ type: 'xstate.done.actor.removeCaption' }],
    'xstate.error.actor.removeCaption': [
      { type: 'xstate.error.actor.removeCaption', error: new Error('') },
    ],
  },
  serialize: (s: AnyMachineSnapshot) => {
    const c = s.context as CaptionsContext;
    return JSON.stringify([
      s.value,
      c.captions.map((x) => x.language).slice(0, 3),
      c.captions.length,
      c.language,
      c.label,
      c.file?.name,
      c.busy,
      c.message?.text,
    ]);
  },
  assert: (snapshot, fakes, { event, previous }) => {
    const s = snapshot as CaptionsSnapshot;
    const c = s.context;
    const list = selectCaptions(s);
    // Never more languages than allowed, each once, in label order.
    expect(list.length).toBeLessThanOrEqual(CAPTION_LIMITS.languagesPerVideo);
    expect(new Set(list.map((x) => x.language)).size).toBe(list.length);
    expect(list.map((x) => x.label)).toEqual(
      [...list.map((x) => x.label)].sort((a, b) => a.localeCompare(b)),
    );
    expect(selectLoadFailed(s)).toBe(s.matches('loadFailed'));
    expect(selectIsBusy(s)).toBe(
      s.matches({ ready: 'uploading' }) || s.matches({ ready: 'removing' }),
    );
    if (s.matches('loading'))
      expect(fakes.lastInput('fetchCaptions')).toEqual({ videoId: 'video-1' });
    if (s.matches({ ready: 'uploading' })) {
      const sent = fakes.lastInput('uploadCaption') as { language: string; file: unknown };
      expect(selectBusyLanguage(s)).toBe(sent.language);
      if (event.type === 'REPLACE') {
        // The row's label (a row no longer listed has none: the server names the language).
        const label = (previous as CaptionsSnapshot).context.captions.find(
          (x) => x.language === 'en',
        );
        expect(sent).toEqual({
          videoId: 'video-1',
          language: 'en',
          label: label?.label ?? '',
          file: vtt,
        });
      } else {
        expect(sent).toEqual({
          videoId: 'video-1',
          language: 'pt-BR',
          label: c.label.trim(),
          file: srt,
        });
      }
      expect(selectMessage(s)).toBeNull();
    }
    if (s.matches({ ready: 'removing' })) {
      expect(fakes.lastInput('removeCaption')).toEqual({ videoId: 'video-1', language: 'en' });
      expect(selectBusyLanguage(s)).toBe('en');
    }
    if (!s.matches({ ready: 'idle' })) return;
    const before = previous as CaptionsSnapshot | undefined;
    const message = selectMessage(s);
    switch (event.type) {
      case 'xstate.done.actor.uploadCaption':
        expect(list).toContainEqual(brazilian);
        expect(message).toEqual({ kind: 'done', text: M.saved });
        // The form empties after its own upload; a row's Replace leaves it as typed.
        if (before?.context.sending?.fromForm) {
          expect([c.language, c.label, c.file]).toEqual(['', '', null]);
        } else {
          expect([c.language, c.label, c.file]).toEqual([
            before?.context.language,
            before?.context.label,
            before?.context.file,
          ]);
        }
        break;
      case 'xstate.done.actor.removeCaption':
        expect(list.map((x) => x.language)).not.toContain('en');
        expect(message).toEqual({ kind: 'done', text: M.removed });
        break;
      case 'xstate.error.actor.uploadCaption':
      case 'xstate.error.actor.removeCaption':
        // The server's sentence without its field, or ours; the list is as it was.
        expect(list).toEqual(before && selectCaptions(before));
        expect(message?.kind).toBe('error');
        expect([
          'Cue 2: it starts before cue 1 (times must not run backwards)',
          M.uploadFailed,
          M.removeFailed,
        ]).toContain(message?.text);
        break;
      case 'UPLOAD':
        // Still idle after UPLOAD: refused before sending, with the reason.
        expect(message).toEqual({ kind: 'error', text: uploadProblem(c) });
        break;
      case 'REPLACE':
        expect(message).toEqual({ kind: 'error', text: M.wrongKind });
        break;
      case 'FILE_CHOSEN': {
        const chosen = (event as unknown as { file: { name: string } }).file;
        const expected = { 'SUBS.SRT': null, 'big.vtt': M.tooBig, 'notes.txt': M.wrongKind }[
          chosen.name
        ];
        expect(message).toEqual(expected ? { kind: 'error', text: expected } : null);
        break;
      }
      default:
        break;
    }
  },
};
