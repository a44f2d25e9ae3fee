/**
 * What the sign-up form keeps over a reload (issue 22): the typed full name, user name and email,
 * never the password, in sessionStorage, so it lives as long as the tab and no longer. Storage
 * that is full, disabled or holds something else is ignored: the form then starts empty.
 * machines/signup-fields.ts `restoredFields` checks what is read before the form uses it.
 */
import type { SignupDraft } from '../../../machines/signup.types';

const KEY = 'vidtube:signup-draft';

export function readSignupDraft(): Partial<SignupDraft> | undefined {
  try {
    const stored = window.sessionStorage.getItem(KEY);
    return stored === null ? undefined : (JSON.parse(stored) as Partial<SignupDraft>);
  } catch {
    return undefined;
  }
}

export function saveSignupDraft(draft: SignupDraft): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // A full or disabled storage only means a reload starts empty.
  }
}

/** Once the account exists the draft has done its job. */
export function clearSignupDraft(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept, nothing to clear.
  }
}
