/** The bell's panel under the bell on wide screens (a lazy chunk, with the panel's code). */
import styled from 'styled-components';
import { NotificationPanel } from '../components/notifications/notification-panel';
import type { BellRef } from '../live';

/** Under the top bar (not under the bell, whose height varies), at the right edge. */
const Box = styled.div`
  position: fixed;
  top: calc(${({ theme }) => theme.layout.topBarHeight} + 6px);
  right: 12px;
  z-index: 60;
  width: min(420px, calc(100vw - 24px));
  max-height: min(70vh, 640px);
  overflow-y: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  box-shadow: ${({ theme }) => theme.shadow};
`;

export default function NotificationPopover({
  bell,
  onClose,
}: {
  bell: BellRef;
  onClose: () => void;
}) {
  return (
    <Box role="dialog" aria-labelledby="notifications-heading">
      <NotificationPanel bell={bell} onNavigate={onClose} />
    </Box>
  );
}
