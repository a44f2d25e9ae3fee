/**
 * What the two settings forms (personal-info, change-password) share: the spec's cancel
 * confirmation, the problems shown beside their fields, and the selectors their common footer
 * reads. One copy, so both forms ask and behave alike.
 */
import type { ErrorActorEvent } from 'xstate';
import type { TextRule } from '../contract/field-rules.js';
import { textProblem } from './text-check.js';
import { errorMessage, fieldErrorsOf } from './validation.js';

/**
 * The problem shown beside each field (issue 22): a broken rule found on Save, or the server's
 * refusal of it ("An account with this email already exists"); gone once that field is changed.
 */
export type FieldErrors<F extends string> = Readonly<Partial<Record<F, string>>>;

/** The errors without `field`'s: the person is fixing it. */
export function withoutField<F extends string>(errors: FieldErrors<F>, field: F): FieldErrors<F> {
  if (errors[field] === undefined) return errors;
  const rest: Partial<Record<F, string>> = { ...errors };
  delete rest[field];
  return rest;
}

/** The contract's rules broken by `values` (as they would be sent), in words, per field. */
export function ruleErrors<F extends string>(
  values: Readonly<Record<F, string>>,
  rules: Readonly<Partial<Record<F, TextRule>>>,
): FieldErrors<F> {
  const errors: Partial<Record<F, string>> = {};
  for (const field of Object.keys(rules) as F[]) {
    const problem = textProblem(field, rules[field]!, values[field]);
    if (problem !== null) errors[field] = problem;
  }
  return errors;
}

/** The first of the form's field problems, in the order its fields are listed: the toast. */
export function firstProblem<F extends string>(errors: FieldErrors<F>, order: readonly F[]) {
  return order.map((field) => errors[field]).find((text) => text !== undefined) ?? '';
}

/**
 * A failed save in words: the server's refusals of this form's fields go beside them; anything
 * else (a network failure, too many tries) is the form's error line.
 */
export function refusalOf<F extends string>(
  error: unknown,
  fields: readonly F[],
  fallback: string,
) {
  const named = fieldErrorsOf(error);
  const fieldErrors: Partial<Record<F, string>> = {};
  for (const field of fields) if (named[field] !== undefined) fieldErrors[field] = named[field];
  const besideFields = Object.keys(fieldErrors).length > 0;
  return { fieldErrors, error: besideFields ? null : errorMessage(error, fallback) };
}

/** The events of a settings form whose fields are `F`. */
export type SettingsFormEvent<F extends string> =
  /** The user typed into a field. */
  | { type: 'FIELD_CHANGED'; field: F; value: string }
  /** The user pressed Save. */
  | { type: 'SUBMIT' }
  /** The user pressed Cancel. */
  | { type: 'CANCEL' }
  /** The user confirmed the cancel: the edits are dropped. */
  | { type: 'CONFIRM' }
  /** The user dismissed the cancel question. */
  | { type: 'DISMISS' };

/**
 * `confirmingCancel`: CANCEL in `editing` leads here (spec §5: "Are you sure you want to
 * cancel?"); CONFIRM runs `discard` (clear or restore the fields) and DISMISS keeps the edits.
 */
export function confirmingCancelState<A extends string>(discard: A) {
  return {
    on: {
      CONFIRM: { target: 'editing', actions: discard },
      DISMISS: 'editing',
    },
  } as const;
}

/** The parts of a settings form's snapshot that the shared selectors read. */
interface SettingsFormSnapshot {
  context: { error: string | null; fieldErrors: Readonly<Record<string, string | undefined>> };
  hasTag(tag: 'busy'): boolean;
  matches(state: 'confirmingCancel'): boolean;
}

/** Selectors of the shared footer (error line, busy Save, the cancel question). */
export const selectError = (s: SettingsFormSnapshot) => s.context.error;
/** The problem beside each field (empty when none). */
export const selectFieldErrors = (s: SettingsFormSnapshot) => s.context.fieldErrors;
export const selectIsSaving = (s: SettingsFormSnapshot) => s.hasTag('busy');
export const selectIsConfirmingCancel = (s: SettingsFormSnapshot) => s.matches('confirmingCancel');

/**
 * `saving`'s onError actions, the same in both forms: the server's refusal goes beside its fields
 * (`rememberRefusal`) and the failure is announced in words, `fallback` when it has none.
 */
export function failedSaveActions(fallback: string) {
  return [
    {
      type: 'rememberRefusal' as const,
      params: ({ event }: { event: ErrorActorEvent }) => event.error,
    },
    {
      type: 'announceFailed' as const,
      params: ({ event }: { event: ErrorActorEvent }) => errorMessage(event.error, fallback),
    },
  ];
}
