import { Link, useLocation } from 'wouter';
import styled from 'styled-components';
import { MESSAGES } from '../../../machines/messages';
import { Modal } from '../../ui/modal';
import { SignInForm } from './sign-in-form';

const Footer = styled.p`
  margin: 16px 0 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/**
 * Shown in place of a guarded page to a signed-out visitor. Closing goes to / (spec §2). After a
 * successful sign-in the visitor stays on the page they asked for: the guard then shows it.
 */
export default function SignInPopup() {
  const [, navigate] = useLocation();
  return (
    <Modal title="Sign in to continue" onClose={() => navigate('/')}>
      <SignInForm onSignedIn={() => undefined} />
      <Footer>
        New here? <Link href="/signup">{MESSAGES.startCreating}</Link>
      </Footer>
    </Modal>
  );
}
