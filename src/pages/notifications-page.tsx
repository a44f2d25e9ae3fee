/**
 * /notifications: the bell's panel as a page (phones open it from the bell; any width may).
 * The panel opens with the page and closes when it is left (it is the panel's mounting).
 */
import styled from 'styled-components';
import { NotificationPanel } from '../components/notifications/notification-panel';
import { useBell } from '../live';
import { useDocumentTitle } from '../use-document-title';

const Box = styled.section`
  max-width: 720px;
  margin: 0 auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
`;

export default function NotificationsPage() {
  useDocumentTitle('Notifications');
  const bell = useBell();
  if (!bell) return null;
  return (
    <Box aria-labelledby="notifications-heading">
      <NotificationPanel bell={bell} onNavigate={() => {}} />
    </Box>
  );
}
