import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import styled, { css } from 'styled-components';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

const variants = {
  primary: css`
    background: ${({ theme }) => theme.colors.accent};
    color: ${({ theme }) => theme.colors.accentText};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.accentHover};
    }
  `,
  secondary: css`
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.text};
    border-color: ${({ theme }) => theme.colors.border};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.surfaceHover};
    }
  `,
  ghost: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.surfaceHover};
    }
  `,
  danger: css`
    background: ${({ theme }) => theme.colors.danger};
    color: #1a0505;
  `,
};

interface LookProps {
  $variant?: ButtonVariant;
  $block?: boolean;
}

/**
 * Shared look of buttons and button-styled links (`styled.a\`${buttonStyle}\``). The props are
 * read by typed functions rather than a css<> generic, so any styled element can use it.
 */
export const buttonStyle = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 40px;
  padding: 0 16px;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.sm};
  font-weight: 600;
  font-size: ${({ theme }) => theme.font.size.sm};
  cursor: pointer;
  white-space: nowrap;
  text-decoration: none;
  transition:
    background 0.15s ease,
    opacity 0.15s ease;
  width: ${(p: object) => ((p as LookProps).$block ? '100%' : 'auto')};
  ${(p: object) => variants[(p as LookProps).$variant ?? 'primary']}
  &:disabled {
    opacity: 0.45;
    cursor: not-allowed;
  }
  &[aria-disabled='true'] {
    opacity: 0.7;
    cursor: progress;
  }
  &:hover {
    text-decoration: none;
  }
`;

const StyledButton = styled.button<{ $variant?: ButtonVariant; $block?: boolean }>`
  ${buttonStyle}
`;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  block?: boolean;
  /** Shows a spinner in place of the icon and disables the button (unless `waiting`). */
  loading?: boolean;
  /**
   * The control's own request runs: clicks are ignored, but it stays focusable (aria-disabled,
   * aria-busy) instead of disabled, so focus and its ring stay where the user acted (issue 29: a
   * disabled button drops focus to the page).
   */
  waiting?: boolean;
  children: ReactNode;
  /** React 19 passes refs as props: a menu hands focus back to its button. */
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'primary',
  block,
  loading,
  waiting,
  disabled,
  type = 'button',
  children,
  onClick,
  ...rest
}: ButtonProps) {
  return (
    <StyledButton
      type={type}
      $variant={variant}
      $block={block}
      disabled={disabled || (loading && !waiting)}
      aria-disabled={waiting || undefined}
      aria-busy={loading || waiting || undefined}
      onClick={(event) => {
        if (waiting) event.preventDefault();
        else onClick?.(event);
      }}
      {...rest}
    >
      {loading && <Spinner size={16} />}
      {children}
    </StyledButton>
  );
}
