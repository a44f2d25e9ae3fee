/**
 * The place for "Use a passkey" in the second step of sign-in (issue 32). The second step shows
 * it when the account has a passkey (`methods` includes 'passkey'). It runs its own ceremony with
 * the ticket (POST /users/passkeys/sign-in) and hands the signed-in user to `onSignedIn`, which
 * the sign-in machine takes as SECOND_STEP_DONE. Built with passkeys; until then it shows nothing.
 */
import type { User } from '../../../contract/shapes';

export interface SecondStepPasskeyProps {
  ticket: string;
  onSignedIn: (user: User) => void;
}

export function SecondStepPasskey(_props: SecondStepPasskeyProps) {
  return null;
}
