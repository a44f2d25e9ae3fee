import { useSearch } from 'wouter';
import { AuthShell, Card } from '../features/account/auth-shell';
import { ResetPasswordForm } from '../features/account/reset-password-form';
import { useDocumentTitle } from '../use-document-title';

/** /reset-password?token=… (issue 32): the page of a mailed reset link. */
export default function ResetPasswordPage() {
  useDocumentTitle('Set a new password');
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  return (
    <AuthShell>
      <Card>
        <h1>Set a new password</h1>
        <ResetPasswordForm token={token} />
      </Card>
    </AuthShell>
  );
}
