import { useId, type InputHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';

const Wrap = styled.div`
  display: grid;
  gap: 6px;
`;
const Label = styled.label`
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textMuted};
`;
/** The look of every text input and textarea of the app. */
export const inputLook = css`
  width: 100%;
  min-height: 42px;
  padding: 8px 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.bg};
  color: ${({ theme }) => theme.colors.text};
  &:focus-visible {
    border-color: ${({ theme }) => theme.colors.accent};
    outline-offset: 0;
  }
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
`;
export const Input = styled.input`
  ${inputLook}
`;
const ErrorText = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.colors.danger};
`;
const Hint = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Inline message shown under the field (and linked to it for screen readers). */
  error?: string | null;
  /** A quiet note under the field (what the server accepts), shown when there is no error. */
  hint?: string;
}

/** A labelled text input with an optional inline error. */
export function TextField({
  label,
  value,
  onValueChange,
  error,
  hint,
  id,
  ...rest
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const noteId = `${inputId}-note`;
  const note = error ?? hint;
  return (
    <Wrap>
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        id={inputId}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? noteId : undefined}
        {...rest}
      />
      {error ? <ErrorText id={noteId}>{error}</ErrorText> : hint && <Hint id={noteId}>{hint}</Hint>}
    </Wrap>
  );
}
