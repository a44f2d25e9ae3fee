import { AuthShell, Card } from '../features/account/auth-shell';
import { SignupWizard } from '../features/account/signup-wizard';

/** /signup: the registration wizard. */
export default function SignupPage() {
  return (
    <AuthShell>
      <Card>
        <SignupWizard />
      </Card>
    </AuthShell>
  );
}
