import { Link } from 'wouter';
import styled from 'styled-components';
import { MESSAGES } from '../../../machines/messages';
import { Modal } from '../../ui/modal';
import { OrDivider } from './or-divider';
import { PasskeySignInButton } from './passkey-sign-in-button';
import { SignInForm } from './sign-in-form';

const Footer = styled.p`
  margin: 16px 0 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/**
 * "Sign in to continue": shown in place of a guarded page to a signed-out visitor (closing goes
 * to /, spec §2), and before an action that needs an account (a card's Save; closing stays).
 * A successful sign-in closes nothing itself: the session changes, and the opener shows what
 * was asked for (the guarded page, or the action's dialog).
 */
export default function SignInPopup({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Sign in to continue" onClose={onClose}>
      <SignInForm onSignedIn={() => undefined} />
      <OrDivider />
      <PasskeySignInButton onSignedIn={() => undefined} />
      <Footer>
        New here? <Link href="/signup">{MESSAGES.startCreating}</Link>
      </Footer>
    </Modal>
  );
}
