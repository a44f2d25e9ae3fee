/**
 * Settings → Two-step sign-in (issue 32): turning it on with an authenticator app, the recovery
 * codes shown once, making new ones, turning it off.
 *
 * States: loading → off | on | failed —RETRY→ loading
 *         off —START→ starting → showingSecret (QR and text) | off
 *         showingSecret —SUBMIT→ confirming → showingCodes | showingSecret (wrong code);
 *         showingSecret —CANCEL→ off
 *         showingCodes —DONE→ on
 *         on —NEW_CODES→ renewing.entering —SUBMIT→ renewing.submitting → showingCodes
 *         on —DISABLE→ disabling.entering —SUBMIT→ disabling.submitting → off
 *         renewing / disabling —CANCEL→ on; a wrong code → back to entering with `error`
 *
 * Events:  START · CODE_CHANGED {value} · SUBMIT (ignored while the code is blank) · CANCEL ·
 *          DONE (the codes are saved) · NEW_CODES · DISABLE · RETRY
 * Actors:  fetchStatus → TwoStepStatus; beginSetup → TwoStepSetup; enable {code} → codes;
 *          renewCodes {code} → codes; disable {code} → void
 * Emitted: enabled · disabled · codesRenewed · failed {message}
 *
 * Choices where the spec is silent: the secret and the codes live only in this machine's context
 * while they show (leaving drops them: the server never answers them again); a wrong code empties
 * the field and says why beside it.
 */
import { assertEvent, assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  RECOVERY_CODE_COUNT,
  type TwoStepSetup,
  type TwoStepStatus,
} from '../contract/two-step.js';
import { errorMessage } from './validation.js';

export const TWO_STEP_LOAD_FAILED = 'Could not load two-step sign-in.';
export const TWO_STEP_FAILED = 'Something went wrong. Try again.';

export interface TwoStepContext {
  status: TwoStepStatus | null;
  setup: TwoStepSetup | null;
  code: string;
  codes: string[];
  error: string | null;
}

export type TwoStepEvent =
  /** "Turn on": a new secret. */
  | { type: 'START' }
  /** Typing the code. */
  | { type: 'CODE_CHANGED'; value: string }
  /** Confirm / Turn off / Make new codes with the code typed. */
  | { type: 'SUBMIT' }
  /** Back without changing anything. */
  | { type: 'CANCEL' }
  /** "I have saved my codes". */
  | { type: 'DONE' }
  /** "Make new recovery codes" (asks for a code). */
  | { type: 'NEW_CODES' }
  /** "Turn off" (asks for a code). */
  | { type: 'DISABLE' }
  /** Load again after a failure. */
  | { type: 'RETRY' };

export type TwoStepEmitted =
  | { type: 'enabled' }
  | { type: 'disabled' }
  | { type: 'codesRenewed' }
  | { type: 'failed'; message: string };

const codeFilled = ({ context }: { context: TwoStepContext }) => context.code.trim() !== '';

/** Entering a code, then sending it with `src`; a refusal comes back to entering. */
function codeStep(src: 'renewCodes' | 'disable', done: object) {
  return {
    initial: 'entering' as const,
    entry: 'resetCode' as const,
    on: { CANCEL: { target: '#twoStep.on', actions: 'resetCode' as const } },
    states: {
      entering: {
        on: {
          CODE_CHANGED: { actions: 'setCode' as const },
          SUBMIT: { guard: 'codeFilled' as const, target: 'submitting' as const },
        },
      },
      submitting: {
        tags: 'busy',
        entry: 'clearError' as const,
        invoke: {
          id: src,
          src,
          input: ({ context }: { context: TwoStepContext }) => ({ code: context.code.trim() }),
          onDone: done,
          onError: {
            target: 'entering' as const,
            actions: [
              {
                type: 'refuse' as const,
                params: ({ event }: { event: { error: unknown } }) =>
                  errorMessage(event.error, TWO_STEP_FAILED),
              },
            ],
          },
        },
      },
    },
  };
}

export const twoStepMachine = setup({
  types: {
    context: {} as TwoStepContext,
    events: {} as TwoStepEvent,
    emitted: {} as TwoStepEmitted,
  },
  actors: {
    fetchStatus: fromPromise<TwoStepStatus>(() => {
      throw new Error('fetchStatus actor not provided');
    }),
    beginSetup: fromPromise<TwoStepSetup>(() => {
      throw new Error('beginSetup actor not provided');
    }),
    enable: fromPromise<string[], { code: string }>(() => {
      throw new Error('enable actor not provided');
    }),
    renewCodes: fromPromise<string[], { code: string }>(() => {
      throw new Error('renewCodes actor not provided');
    }),
    disable: fromPromise<void, { code: string }>(() => {
      throw new Error('disable actor not provided');
    }),
  },
  guards: {
    isOn: (_, status: TwoStepStatus) => status.enabled,
    codeFilled,
  },
  actions: {
    keepStatus: assign((_, status: TwoStepStatus) => ({ status, error: null })),
    keepSetup: assign((_, setup: TwoStepSetup) => ({ setup, code: '', error: null })),
    forgetSetup: assign({ setup: null, code: '', error: null }),
    setCode: assign(({ event }) => {
      assertEvent(event, 'CODE_CHANGED');
      return { code: event.value };
    }),
    resetCode: assign({ code: '', error: null }),
    clearError: assign({ error: null }),
    refuse: assign((_, error: string) => ({ error, code: '' })),
    showCodes: assign((_, codes: string[]) => ({ codes, setup: null, code: '', error: null })),
    forgetCodes: assign({
      codes: [],
      status: { enabled: true, recoveryCodesLeft: RECOVERY_CODE_COUNT },
    }),
    markOff: assign({ status: { enabled: false, recoveryCodesLeft: 0 }, code: '' }),
    announceEnabled: emit({ type: 'enabled' as const }),
    announceDisabled: emit({ type: 'disabled' as const }),
    announceRenewed: emit({ type: 'codesRenewed' as const }),
    announceFailure: emit((_, message: string) => ({ type: 'failed' as const, message })),
  },
}).createMachine({
  id: 'twoStep',
  context: { status: null, setup: null, code: '', codes: [], error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'fetchStatus',
        src: 'fetchStatus',
        onDone: [
          {
            guard: { type: 'isOn', params: ({ event }) => event.output },
            target: 'on',
            actions: { type: 'keepStatus', params: ({ event }) => event.output },
          },
          {
            target: 'off',
            actions: { type: 'keepStatus', params: ({ event }) => event.output },
          },
        ],
        onError: {
          target: 'failed',
          actions: {
            type: 'refuse',
            params: ({ event }) => errorMessage(event.error, TWO_STEP_LOAD_FAILED),
          },
        },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    off: { on: { START: 'starting' } },
    starting: {
      tags: 'busy',
      invoke: {
        id: 'beginSetup',
        src: 'beginSetup',
        onDone: {
          target: 'showingSecret',
          actions: { type: 'keepSetup', params: ({ event }) => event.output },
        },
        onError: {
          target: 'off',
          actions: {
            type: 'announceFailure',
            params: ({ event }) => errorMessage(event.error, TWO_STEP_FAILED),
          },
        },
      },
    },
    showingSecret: {
      on: {
        CODE_CHANGED: { actions: 'setCode' },
        SUBMIT: { guard: 'codeFilled', target: 'confirming' },
        CANCEL: { target: 'off', actions: 'forgetSetup' },
      },
    },
    confirming: {
      tags: 'busy',
      entry: 'clearError',
      invoke: {
        id: 'enable',
        src: 'enable',
        input: ({ context }) => ({ code: context.code.trim() }),
        onDone: {
          target: 'showingCodes',
          actions: [{ type: 'showCodes', params: ({ event }) => event.output }, 'announceEnabled'],
        },
        onError: {
          target: 'showingSecret',
          actions: {
            type: 'refuse',
            params: ({ event }) => errorMessage(event.error, TWO_STEP_FAILED),
          },
        },
      },
    },
    showingCodes: { on: { DONE: { target: 'on', actions: 'forgetCodes' } } },
    on: { on: { NEW_CODES: 'renewing', DISABLE: 'disabling' } },
    renewing: codeStep('renewCodes', {
      target: '#twoStep.showingCodes',
      actions: [
        {
          type: 'showCodes',
          params: ({ event }: { event: { output: string[] } }) => event.output,
        },
        'announceRenewed',
      ],
    }),
    disabling: codeStep('disable', {
      target: '#twoStep.off',
      actions: ['markOff', 'announceDisabled'],
    }),
  },
});

type TwoStepSnapshot = SnapshotFrom<typeof twoStepMachine>;

export type TwoStepView =
  'loading' | 'failed' | 'off' | 'secret' | 'codes' | 'on' | 'renewing' | 'disabling';

/** Which panel the view shows. */
export function selectView(s: TwoStepSnapshot): TwoStepView {
  if (s.matches('loading')) return 'loading';
  if (s.matches('failed')) return 'failed';
  if (s.matches('off') || s.matches('starting')) return 'off';
  if (s.matches('showingSecret') || s.matches('confirming')) return 'secret';
  if (s.matches('showingCodes')) return 'codes';
  if (s.matches('renewing')) return 'renewing';
  if (s.matches('disabling')) return 'disabling';
  return 'on';
}
export const selectSetup = (s: TwoStepSnapshot) => s.context.setup;
export const selectCodes = (s: TwoStepSnapshot) => s.context.codes;
export const selectCode = (s: TwoStepSnapshot) => s.context.code;
export const selectError = (s: TwoStepSnapshot) => s.context.error;
export const selectStatus = (s: TwoStepSnapshot) => s.context.status;
export const selectIsBusy = (s: TwoStepSnapshot) => s.hasTag('busy');
export const selectCanSubmit = (s: TwoStepSnapshot) =>
  !s.hasTag('busy') && s.context.code.trim() !== '';
