import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import styled from 'styled-components';

const Round = styled.button`
  display: inline-grid;
  place-items: center;
  width: 40px;
  height: 40px;
  padding: 0;
  border: none;
  border-radius: 50%;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
`;

/** An icon-only button; the label is required because the icon alone says nothing to a screen reader. */
export function IconButton({
  label,
  children,
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  label: string;
  children: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <Round type={type} aria-label={label} title={label} {...rest}>
      {children}
    </Round>
  );
}
