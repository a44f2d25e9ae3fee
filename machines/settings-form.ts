/**
 * What the two settings forms (personal-info, change-password) share: the spec's cancel
 * confirmation and the selectors their common footer reads. One copy, so both forms ask and
 * behave alike.
 */

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
  context: { error: string | null };
  hasTag(tag: 'busy'): boolean;
  matches(state: 'confirmingCancel'): boolean;
}

/** Selectors of the shared footer (error line, busy Save, the cancel question). */
export const selectError = (s: SettingsFormSnapshot) => s.context.error;
export const selectIsSaving = (s: SettingsFormSnapshot) => s.hasTag('busy');
export const selectIsConfirmingCancel = (s: SettingsFormSnapshot) => s.matches('confirmingCancel');
