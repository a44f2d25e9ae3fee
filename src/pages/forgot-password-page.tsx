import { AuthShell, Card, Muted } from '../features/account/auth-shell';
import { ForgotPasswordForm } from '../features/account/forgot-password-form';
import { useDocumentTitle } from '../use-document-title';

/** /forgot-password (issue 32): a reset link is mailed to the account's address. */
export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  return (
    <AuthShell>
      <Card>
        <h1>Forgot password?</h1>
        <Muted>Enter the email address of your account and we will send you a reset link.</Muted>
        <ForgotPasswordForm />
      </Card>
    </AuthShell>
  );
}
