/** What the signup wizard's view reads from the machine's snapshot (signup.machine.ts). */
import type { SnapshotFrom } from 'xstate';
import { stepLabel } from './messages.js';
import type { signupMachine } from './signup.machine.js';
import { basicInfoFilled, draftOf, visibleProblems } from './signup-fields.js';
import type { SignupDraft, SignupField, SignupFields } from './signup.types.js';

type SignupSnapshot = SnapshotFrom<typeof signupMachine>;

export const selectStep = (s: SignupSnapshot): number => {
  if (s.matches('basicInfo')) return 0;
  if (s.matches('profilePicture')) return 1;
  if (s.matches('coverImage')) return 2;
  return 3;
};
export const selectStepLabel = (s: SignupSnapshot) => stepLabel(selectStep(s));
/**
 * Continue is enabled on step 0 when the four fields are filled (the spec's rule; the contract's
 * rules are checked when it is pressed, so the person learns what is wrong) and no check of the
 * user name and email is waiting; on an image step while no picture is being read.
 */
export const selectCanContinue = (s: SignupSnapshot) =>
  s.matches('basicInfo')
    ? basicInfoFilled(s.context) && !s.hasTag('confirming')
    : s.matches({ profilePicture: 'choosing' }) || s.matches({ coverImage: 'choosing' });
/** Continue was pressed and the server is asked whether the user name and email are free. */
export const selectIsConfirming = (s: SignupSnapshot) => s.hasTag('confirming');
export const selectIsBusy = (s: SignupSnapshot) => s.hasTag('busy');
export const selectIsLoadingDefault = (s: SignupSnapshot) => s.hasTag('loadingDefault');
/** A picked file is being decoded to see that it is a picture. */
export const selectIsCheckingImage = (s: SignupSnapshot) => s.hasTag('checkingImage');
export const selectIsDone = (s: SignupSnapshot) => s.status === 'done';
export const selectFields = (s: SignupSnapshot): SignupFields => ({
  fullName: s.context.fullName,
  userName: s.context.userName,
  email: s.context.email,
  password: s.context.password,
});
/** What a reload may restore: the typed fields but the password. */
export const selectDraft = (s: SignupSnapshot): SignupDraft => draftOf(s.context);
/**
 * The problem shown beside each field of step 0, in words: a broken rule once the field was left
 * or Continue pressed, a taken user name or email as soon as the server said so.
 */
export const selectFieldErrors = (s: SignupSnapshot): Partial<Record<SignupField, string>> =>
  visibleProblems(s.context);
export const selectAvatar = (s: SignupSnapshot) => s.context.avatar;
export const selectCover = (s: SignupSnapshot) => s.context.cover;
/** Review: 'Using default avatar' shows when the user did not pick their own picture. */
export const selectUsesDefaultAvatar = (s: SignupSnapshot) => s.context.avatarSource !== 'picked';
export const selectUsesDefaultCover = (s: SignupSnapshot) => s.context.coverSource !== 'picked';
/** A refused picture of an image step, or a registration failure that names no field. */
export const selectError = (s: SignupSnapshot) => s.context.error;
/** Shown beside an image step's picker: its refused file, or the server's refusal of it. */
export const selectImageError = (s: SignupSnapshot): string | null => {
  const field = s.matches('profilePicture')
    ? 'avatar'
    : s.matches('coverImage')
      ? 'coverImage'
      : null;
  return field && (s.context.error ?? s.context.serverErrors[field] ?? null);
};
