/** A button of the control bar: an icon with its accessible name, which is also its tooltip. */
import { forwardRef, type ButtonHTMLAttributes } from 'react';
import styled from 'styled-components';

const Plain = styled.button`
  display: inline-grid;
  place-items: center;
  min-width: 40px;
  height: 40px;
  padding: 0 8px;
  border: none;
  border-radius: 6px;
  background: none;
  color: #fff;
  font: inherit;
  font-size: 13px;
  font-weight: 600;
  /* "Auto (720p)" stays one line on a phone's bar. */
  white-space: nowrap;
  cursor: pointer;
  &:hover {
    background: rgba(255, 255, 255, 0.12);
  }
  &:focus-visible {
    outline: 2px solid #3ea6ff;
    outline-offset: -2px;
  }
`;

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { label: string };

export const ControlButton = forwardRef<HTMLButtonElement, Props>(function ControlButton(
  { label, children, ...rest },
  ref,
) {
  return (
    <Plain ref={ref} type="button" aria-label={label} title={label} {...rest}>
      {children}
    </Plain>
  );
});
