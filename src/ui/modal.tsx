/**
 * A dialog over a dimmed page: focus moves into it, Escape and the close button call onClose,
 * and it springs in with framer-motion (`m.*` inside MotionRoot, which honours reduced motion).
 */
import { m } from 'framer-motion';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { IconButton } from './icon-button';
import { CloseIcon } from './icons';
import { MotionRoot } from './motion-root';

const Overlay = styled(m.div)`
  position: fixed;
  inset: 0;
  z-index: 100;
  display: grid;
  place-items: center;
  padding: 16px;
  background: ${({ theme }) => theme.colors.overlay};
  overflow-y: auto;
`;

const Panel = styled(m.div)<{ $width: number }>`
  position: relative;
  width: 100%;
  max-width: ${({ $width }) => $width}px;
  padding: 24px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow};
  /* Focused only programmatically (tabIndex -1), never a keyboard stop: no ring. */
  &:focus-visible {
    outline: none;
  }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 16px;
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
  }
  /* The close button while a save runs (styled here, not in IconButton, which / carries). */
  button:disabled {
    opacity: 0.45;
    cursor: not-allowed;
  }
`;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab inside the dialog, as a modal dialog should. */
function trapTab(e: KeyboardEvent, root: HTMLElement) {
  const items = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (e.shiftKey && (active === first || !root.contains(active))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !root.contains(active))) {
    e.preventDefault();
    first.focus();
  }
}

export interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  width?: number;
  /** Label of the close button ("Close" by default). */
  closeLabel?: string;
  /** A save runs: the close button is disabled (the dialog's machine also ignores Escape). */
  busy?: boolean;
}

export function Modal({
  title,
  onClose,
  children,
  width = 440,
  closeLabel = 'Close',
  busy = false,
}: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // The latest onClose, so focus handling runs once per opening, not on every parent render.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    // Start in the first field when there is one (a form dialog), else on the dialog itself.
    const field = panel.current?.querySelector<HTMLElement>('input:not([type="file"]), textarea');
    (field ?? panel.current)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close.current();
      if (e.key === 'Tab' && panel.current) trapTab(e, panel.current);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, []);

  return (
    <MotionRoot>
      <Overlay initial={{ opacity: 0 }} animate={{ opacity: 1 }} exit={{ opacity: 0 }}>
        <Panel
          ref={panel}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          tabIndex={-1}
          $width={width}
          initial={{ opacity: 0, y: 24, scale: 0.97 }}
          animate={{ opacity: 1, y: 0, scale: 1 }}
          exit={{ opacity: 0, y: 24, scale: 0.97 }}
          transition={{ type: 'spring', stiffness: 380, damping: 30 }}
        >
          <Header>
            <h2 id={titleId}>{title}</h2>
            <IconButton label={closeLabel} onClick={onClose} disabled={busy}>
              <CloseIcon />
            </IconButton>
          </Header>
          {children}
        </Panel>
      </Overlay>
    </MotionRoot>
  );
}
