import { AuthShell, Card } from '../features/account/auth-shell';
import { SignupWizard } from '../features/account/signup-wizard';
import { useDocumentTitle } from '../use-document-title';

/** /signup: the registration wizard. */
export default function SignupPage() {
  useDocumentTitle('Sign up');
  return (
    <AuthShell>
      <Card>
        <SignupWizard />
      </Card>
    </AuthShell>
  );
}
