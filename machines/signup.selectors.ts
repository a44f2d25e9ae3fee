/** What the signup wizard's view reads from the machine's snapshot (signup.machine.ts). */
import type { SnapshotFrom } from 'xstate';
import { stepLabel } from './messages.js';
import type { signupMachine } from './signup.machine.js';
import { basicInfoFilled, type SignupFields } from './signup.types.js';

type SignupSnapshot = SnapshotFrom<typeof signupMachine>;

export const selectStep = (s: SignupSnapshot): number => {
  if (s.matches('basicInfo')) return 0;
  if (s.matches('profilePicture')) return 1;
  if (s.matches('coverImage')) return 2;
  return 3;
};
export const selectStepLabel = (s: SignupSnapshot) => stepLabel(selectStep(s));
/** Continue is enabled on step 0 only when the four fields are filled; on image steps always. */
export const selectCanContinue = (s: SignupSnapshot) =>
  s.matches('basicInfo')
    ? basicInfoFilled(s.context)
    : s.matches({ profilePicture: 'choosing' }) || s.matches({ coverImage: 'choosing' });
export const selectIsBusy = (s: SignupSnapshot) => s.hasTag('busy');
export const selectIsLoadingDefault = (s: SignupSnapshot) => s.hasTag('loadingDefault');
export const selectIsDone = (s: SignupSnapshot) => s.status === 'done';
export const selectFields = (s: SignupSnapshot): SignupFields => ({
  fullName: s.context.fullName,
  userName: s.context.userName,
  email: s.context.email,
  password: s.context.password,
});
export const selectAvatar = (s: SignupSnapshot) => s.context.avatar;
export const selectCover = (s: SignupSnapshot) => s.context.cover;
/** Review: 'Using default avatar' shows when the user did not pick their own picture. */
export const selectUsesDefaultAvatar = (s: SignupSnapshot) => s.context.avatarSource !== 'picked';
export const selectUsesDefaultCover = (s: SignupSnapshot) => s.context.coverSource !== 'picked';
export const selectError = (s: SignupSnapshot) => s.context.error;
