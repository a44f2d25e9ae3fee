/**
 * The parts every form shares, so that an error and a row of buttons look and read the same in
 * the settings forms, the sign-in and signup forms, the upload dialog and the confirmations.
 */
import styled, { css } from 'styled-components';
import { Button, type ButtonVariant } from './button';

/**
 * The row of a form's buttons, the main action last (on the right). `$split` puts the first of
 * several buttons (a wizard's Back) on the left, away from the step's main action.
 */
export const FormActions = styled.div<{ $split?: boolean }>`
  display: flex;
  justify-content: flex-end;
  gap: 12px;
  flex-wrap: wrap;
  ${({ $split }) =>
    $split &&
    css`
      & > :first-child:not(:only-child) {
        margin-right: auto;
      }
    `}
`;

const ErrorLine = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/**
 * The form's current error, announced to screen readers as it appears; nothing without one. `id`
 * lets a field name it in its aria-describedby when the error is about that field.
 */
export function FormError({ message, id }: { message: string | null | undefined; id?: string }) {
  return message ? (
    <ErrorLine role="alert" id={id}>
      {message}
    </ErrorLine>
  ) : null;
}

/**
 * The end of a form that saves: its error, then Cancel beside the submit button, which spins while
 * saving (Cancel is disabled then). Settings forms use the `secondary` Cancel, dialogs `ghost`.
 */
export function FormFooter({
  error,
  saving,
  submitLabel,
  onCancel,
  cancelVariant,
}: {
  error: string | null;
  saving: boolean;
  submitLabel: string;
  onCancel: () => void;
  cancelVariant: Extract<ButtonVariant, 'ghost' | 'secondary'>;
}) {
  return (
    <>
      <FormError message={error} />
      <FormActions>
        <Button variant={cancelVariant} onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
      </FormActions>
    </>
  );
}
