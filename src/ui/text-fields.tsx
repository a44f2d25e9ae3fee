/**
 * A form's text inputs from a list of field specs: one TextField each, bound to the machine's
 * values and sending each change. The sign-in, signup and both settings forms render theirs so.
 */
import { LIMITS } from '../../contract/limits';
import { TextField } from './text-field';

export interface FieldSpec<F extends string> {
  field: F;
  label: string;
  type: 'text' | 'email' | 'password';
  autoComplete: string;
  hint?: string;
  /** Defaults to the longest text any account field takes (an email address). */
  maxLength?: number;
}

export function TextFields<F extends string>({
  specs,
  values,
  disabled,
  errorOf,
  onChange,
  onLeave,
}: {
  specs: readonly FieldSpec<F>[];
  values: Readonly<Record<F, string>>;
  disabled?: boolean;
  /** An inline error under a field (e.g. "Passwords don't match"); null for none. */
  errorOf?: (field: F) => string | null;
  onChange: (field: F, value: string) => void;
  /** Focus left the field (a form that shows a rule's problem only once the field was left). */
  onLeave?: (field: F) => void;
}) {
  return specs.map(({ field, maxLength = LIMITS.email.max, ...spec }) => (
    <TextField
      key={field}
      {...spec}
      maxLength={maxLength}
      value={values[field]}
      disabled={disabled}
      error={errorOf?.(field) ?? null}
      onValueChange={(value) => onChange(field, value)}
      onBlur={onLeave && (() => onLeave(field))}
    />
  ));
}
