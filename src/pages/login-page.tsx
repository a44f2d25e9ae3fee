import { useCallback } from 'react';
import { Link, useLocation } from 'wouter';
import { MESSAGES } from '../../machines/messages';
import { AuthShell, Card, CardFooter, Muted } from '../features/account/auth-shell';
import { SignInForm } from '../components/sign-in/sign-in-form';
import { useDocumentTitle } from '../use-document-title';

/** /login: sign in, then home (spec "Sign-in screen"). */
export default function LoginPage() {
  useDocumentTitle('Sign in');
  const [, navigate] = useLocation();
  const goHome = useCallback(() => navigate('/'), [navigate]);
  return (
    <AuthShell>
      <Card>
        <h1>Sign in</h1>
        <Muted>Welcome back. Enter your username, email and password.</Muted>
        <SignInForm onSignedIn={goHome} />
        <CardFooter>
          Don&apos;t have an account? <Link href="/signup">{MESSAGES.startCreating}</Link>
        </CardFooter>
      </Card>
    </AuthShell>
  );
}
