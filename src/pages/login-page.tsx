import { useCallback } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { MESSAGES } from '../../machines/messages';
import { AuthShell, Card, CardFooter, Muted } from '../features/account/auth-shell';
import { SignInForm } from '../components/sign-in/sign-in-form';
import { OrDivider } from '../components/sign-in/or-divider';
import { PasskeySignInButton } from '../components/sign-in/passkey-sign-in-button';
import { returnPathOf } from '../return-path';
import { useDocumentTitle } from '../use-document-title';

/**
 * /login: sign in, then home (spec "Sign-in screen"), or back to the page whose header's Log in
 * was pressed (`?next=`, same-site paths only: src/return-path.ts).
 */
export default function LoginPage() {
  useDocumentTitle('Sign in');
  const [, navigate] = useLocation();
  const search = useSearch();
  const goBack = useCallback(() => navigate(returnPathOf(search)), [navigate, search]);
  return (
    <AuthShell>
      <Card>
        <h1>Sign in</h1>
        <Muted>Welcome back. Enter your username, email and password.</Muted>
        <SignInForm onSignedIn={goBack} focusFirstField />
        <OrDivider />
        <PasskeySignInButton onSignedIn={goBack} />
        <CardFooter>
          Don&apos;t have an account? <Link href="/signup">{MESSAGES.startCreating}</Link>
        </CardFooter>
      </Card>
    </AuthShell>
  );
}
