/**
 * The small form core of the dashboard's form dialogs (edit video, create and edit playlist; spec
 * §2 Dialogs, §5, §8): editing → saving → done, or back to editing with the server's error kept
 * and everything typed left as it was. Each dialog is a thin machine made here with its own
 * values, check and save (playlist-form.machine.ts, edit-video.machine.ts); the tweet dialogs use
 * tweets.machine.ts, which already words and checks both tweet texts.
 *
 * Input:   { values } — the form's first values (the playlist or video being edited, or blanks).
 * Events:  CHANGE { values } · SUBMIT · CLOSE · DISCARD · KEEP_EDITING
 * Actor:   save — input the prepared values (trimmed by the dialog's `prepare`), output the saved
 *          entity (the row or list updates from it).
 * Emitted: invalid { message } (toast; nothing sent) · saved { result } · closed
 *
 * Choices: the refusal is also kept as `error` (the playlist dialogs show it in red inside the
 * dialog, spec §8). It stays while the values still break the check and goes as soon as they
 * pass (issue 22: errors disappear when fixed); the server's error goes at the first change.
 * CLOSE while saving is ignored (buttons are disabled). CLOSE (Cancel, ×, Escape) after
 * something was changed asks 'Discard changes?' first, as the settings forms do (issue 22):
 * DISCARD closes, KEEP_EDITING goes back with everything kept.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { errorMessage } from './validation.js';

export interface FormDialogOptions<V> {
  id: string;
  /** The validation text when `values` cannot be sent, else null. */
  check: (values: V) => string | null;
  /** What is sent: values normalised once, here (EXAMPLES rule 4). */
  prepare: (values: V) => V;
  /** The failure text when the server gives none. */
  failed: string;
}

/**
 * The core holds values untyped so that one chart serves every dialog (xstate's typed actions do
 * not survive a generic parameter); each dialog's `check`, `prepare` and selectors type them.
 */
export type FormValues = Readonly<Record<string, unknown>>;

export interface FormDialogContext {
  /** The first values: what a close without changes leaves as it was. */
  initial: FormValues;
  values: FormValues;
  error: string | null;
  /** `error` is the check's refusal (re-checked on every change), not the server's. */
  refused: boolean;
}

export type FormDialogEvent =
  /** The user changed one or more fields (typing, a tag added, a thumbnail chosen). */
  | { type: 'CHANGE'; values: FormValues }
  /** The Save / Create button. */
  | { type: 'SUBMIT' }
  /** Cancel, ×, Escape. */
  | { type: 'CLOSE' }
  /** 'Discard' in the question after CLOSE with changes. */
  | { type: 'DISCARD' }
  /** 'Keep editing' (or Escape) in that question. */
  | { type: 'KEEP_EDITING' };

export type FormDialogEmitted =
  | { type: 'invalid'; message: string }
  /** `result` is the save's output: the playlist or video as the server now has it. */
  | { type: 'saved'; result: unknown }
  | { type: 'closed' };

export function formDialogMachine<V extends FormValues>(options: FormDialogOptions<V>) {
  const check = (values: FormValues) => options.check(values as V);
  return setup({
    types: {
      input: {} as { values: V },
      context: {} as FormDialogContext,
      events: {} as FormDialogEvent,
      emitted: {} as FormDialogEmitted,
    },
    actors: {
      save: fromPromise<unknown, FormValues>(() => {
        throw new Error('save actor not provided');
      }),
    },
    guards: {
      isValid: ({ context }) => check(context.values) === null,
      isChanged: ({ context }) => isChanged(context.initial, context.values),
    },
    actions: {
      change: assign(({ context }, changed: FormValues) => {
        const values = { ...context.values, ...changed };
        const error = context.refused ? check(values) : null;
        return { values, error, refused: error !== null };
      }),
      refuse: assign({ error: ({ context }) => check(context.values), refused: true }),
      announceInvalid: emit(({ context }) => ({
        type: 'invalid' as const,
        message: check(context.values) ?? '',
      })),
      keepFailure: assign({ error: (_, message: string) => message, refused: false }),
      announceSaved: emit((_, result: unknown) => ({ type: 'saved' as const, result })),
      announceClosed: emit({ type: 'closed' as const }),
    },
  }).createMachine({
    id: options.id,
    context: ({ input }) => ({
      initial: input.values,
      values: input.values,
      error: null,
      refused: false,
    }),
    initial: 'editing',
    states: {
      editing: {
        on: {
          CHANGE: { actions: { type: 'change', params: ({ event }) => event.values } },
          SUBMIT: [
            { guard: 'isValid', target: 'saving' },
            { actions: ['refuse', 'announceInvalid'] },
          ],
          CLOSE: [{ guard: 'isChanged', target: 'confirmingDiscard' }, { target: 'closed' }],
        },
      },
      confirmingDiscard: {
        on: { DISCARD: 'closed', KEEP_EDITING: 'editing' },
      },
      saving: {
        tags: 'busy',
        invoke: {
          id: 'save',
          src: 'save',
          input: ({ context }): FormValues => options.prepare(context.values as V),
          onDone: {
            target: 'closed',
            actions: {
              type: 'announceSaved',
              params: ({ event }: { event: { output: unknown } }) => event.output,
            },
          },
          onError: {
            target: 'editing',
            actions: {
              type: 'keepFailure',
              params: ({ event }) => errorMessage(event.error, options.failed),
            },
          },
        },
      },
      closed: { type: 'final', entry: 'announceClosed' },
    },
  });
}

/** Whether any field differs from its first value (lists by their items, files by identity). */
function isChanged(initial: FormValues, values: FormValues): boolean {
  return Object.keys(values).some((key) => {
    const [a, b] = [initial[key], values[key]];
    if (Array.isArray(a) && Array.isArray(b)) {
      return a.length !== b.length || a.some((item, i) => item !== b[i]);
    }
    return a !== b;
  });
}

/** The parts of a form dialog's snapshot the shared selectors read. */
interface FormDialogSnapshot {
  context: FormDialogContext;
  hasTag(tag: 'busy'): boolean;
  matches(state: 'confirmingDiscard'): boolean;
}

/** Selectors every form dialog's view uses. */
export const selectValues = <V extends FormValues>(s: FormDialogSnapshot): V =>
  s.context.values as V;
/** The refusal or the server's error, in red inside the dialog; null when none. */
export const selectError = (s: FormDialogSnapshot) => s.context.error;
/** Buttons disabled, Escape ignored. */
export const selectIsSaving = (s: FormDialogSnapshot) => s.hasTag('busy');
/** 'Discard changes?' is asked in place of the form. */
export const selectIsConfirmingDiscard = (s: FormDialogSnapshot) => s.matches('confirmingDiscard');
