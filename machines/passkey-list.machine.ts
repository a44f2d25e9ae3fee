/**
 * Settings → Passkeys, the list (issue 32): load the account's passkeys, rename one in a dialog,
 * remove one after a question. Adding runs in the ceremony machine; its result arrives as ADDED.
 *
 * States: loading → ready | loadFailed (RETRY); ready → editing → saving → ready (or back to
 *         editing with the server's sentence); ready → confirmingRemove → removing → ready.
 *
 * Events:  RETRY · ADDED { passkey } · EDIT { id } · NAME_CHANGED { value } · SAVE · CANCEL ·
 *          REMOVE { id } · CONFIRM
 * Actors:  load () → PasskeyList · rename ({ id, name }) → Passkey · remove (id) → void
 * Emitted: renamed · removed · failed { message } (toasts)
 * Choices: a name is trimmed and 1…PASSKEY_NAME_MAX characters (Save stays off otherwise, and
 *          the dialog says the limit); a failed removal keeps the row.
 */
import { assertEvent, assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { PASSKEY_NAME_MAX, type Passkey, type PasskeyList } from '../contract/passkeys.js';
import { PASSKEY_TEXTS } from './passkey-messages.js';
import { errorMessage } from './validation.js';

export interface PasskeyListContext {
  passkeys: Passkey[];
  limit: number;
  /** The passkey being renamed or removed. */
  selected: string | null;
  draft: string;
  error: string | null;
}

export type PasskeyListEvent =
  | { type: 'RETRY' }
  | { type: 'ADDED'; passkey: Passkey }
  | { type: 'EDIT'; id: string }
  | { type: 'NAME_CHANGED'; value: string }
  | { type: 'SAVE' }
  | { type: 'CANCEL' }
  | { type: 'REMOVE'; id: string }
  | { type: 'CONFIRM' };

export type PasskeyListEmitted =
  { type: 'renamed' } | { type: 'removed' } | { type: 'failed'; message: string };

export const isValidPasskeyName = (name: string) => {
  const trimmed = name.trim();
  return trimmed.length > 0 && trimmed.length <= PASSKEY_NAME_MAX;
};

export const passkeyListMachine = setup({
  types: {
    context: {} as PasskeyListContext,
    events: {} as PasskeyListEvent,
    emitted: {} as PasskeyListEmitted,
  },
  actors: {
    load: fromPromise<PasskeyList>(() => {
      throw new Error('load actor not provided');
    }),
    rename: fromPromise<Passkey, { id: string; name: string }>(() => {
      throw new Error('rename actor not provided');
    }),
    remove: fromPromise<void, string>(() => {
      throw new Error('remove actor not provided');
    }),
  },
  guards: {
    validName: ({ context }) => isValidPasskeyName(context.draft),
  },
  actions: {
    append: assign({
      passkeys: ({ context, event }) => {
        assertEvent(event, 'ADDED');
        return [...context.passkeys.filter((p) => p._id !== event.passkey._id), event.passkey];
      },
    }),
    startEditing: assign(({ context, event }) => {
      assertEvent(event, 'EDIT');
      const passkey = context.passkeys.find((p) => p._id === event.id);
      return { selected: event.id, draft: passkey?.name ?? '', error: null };
    }),
    select: assign(({ event }) => {
      assertEvent(event, 'REMOVE');
      return { selected: event.id, error: null };
    }),
    deselect: assign({ selected: null, draft: '', error: null }),
    replace: assign({
      passkeys: ({ context }, passkey: Passkey) =>
        context.passkeys.map((p) => (p._id === passkey._id ? passkey : p)),
    }),
    drop: assign({
      passkeys: ({ context }) => context.passkeys.filter((p) => p._id !== context.selected),
    }),
    announceFailure: emit((_, message: string) => ({ type: 'failed' as const, message })),
  },
}).createMachine({
  id: 'passkeyList',
  context: { passkeys: [], limit: 0, selected: null, draft: '', error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            passkeys: event.output.passkeys,
            limit: event.output.limit,
          })),
        },
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    ready: {
      on: {
        ADDED: { actions: 'append' },
        EDIT: {
          guard: ({ context, event }) => context.passkeys.some((p) => p._id === event.id),
          target: 'editing',
          actions: 'startEditing',
        },
        REMOVE: {
          guard: ({ context, event }) => context.passkeys.some((p) => p._id === event.id),
          target: 'confirmingRemove',
          actions: 'select',
        },
      },
    },
    editing: {
      on: {
        NAME_CHANGED: { actions: assign({ draft: ({ event }) => event.value, error: null }) },
        SAVE: { guard: 'validName', target: 'saving' },
        CANCEL: { target: 'ready', actions: 'deselect' },
      },
    },
    saving: {
      tags: 'busy',
      invoke: {
        id: 'rename',
        src: 'rename',
        input: ({ context }) => ({ id: context.selected ?? '', name: context.draft.trim() }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'replace', params: ({ event }) => event.output },
            'deselect',
            emit({ type: 'renamed' as const }),
          ],
        },
        onError: {
          target: 'editing',
          actions: assign({
            error: ({ event }) => errorMessage(event.error, PASSKEY_TEXTS.renameFailed),
          }),
        },
      },
    },
    confirmingRemove: {
      on: {
        CONFIRM: 'removing',
        CANCEL: { target: 'ready', actions: 'deselect' },
      },
    },
    removing: {
      tags: 'busy',
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => context.selected ?? '',
        onDone: {
          target: 'ready',
          actions: ['drop', 'deselect', emit({ type: 'removed' as const })],
        },
        onError: {
          target: 'ready',
          actions: [
            {
              type: 'announceFailure',
              params: ({ event }) => errorMessage(event.error, PASSKEY_TEXTS.removeFailed),
            },
            'deselect',
          ],
        },
      },
    },
  },
});

type ListSnapshot = SnapshotFrom<typeof passkeyListMachine>;

export const selectPasskeys = (s: ListSnapshot) => s.context.passkeys;
export const selectLimit = (s: ListSnapshot) => s.context.limit;
export const selectIsLoading = (s: ListSnapshot) => s.matches('loading');
export const selectLoadFailed = (s: ListSnapshot) => s.matches('loadFailed');
export const selectIsFull = (s: ListSnapshot) =>
  s.context.limit > 0 && s.context.passkeys.length >= s.context.limit;
export const selectIsBusy = (s: ListSnapshot) => s.hasTag('busy');
/** The passkey whose rename dialog is open (editing or saving), else null. */
export const selectEditing = (s: ListSnapshot) =>
  s.matches('editing') || s.matches('saving')
    ? (s.context.passkeys.find((p) => p._id === s.context.selected) ?? null)
    : null;
export const selectRemoving = (s: ListSnapshot) =>
  s.matches('confirmingRemove') || s.matches('removing')
    ? (s.context.passkeys.find((p) => p._id === s.context.selected) ?? null)
    : null;
export const selectDraft = (s: ListSnapshot) => s.context.draft;
export const selectCanSave = (s: ListSnapshot) =>
  s.matches('editing') && isValidPasskeyName(s.context.draft);
export const selectError = (s: ListSnapshot) => s.context.error;
