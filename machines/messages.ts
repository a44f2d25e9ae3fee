/**
 * Every fixed user-facing text of the account flows, exactly as the product spec words them
 * (spec §2, §5, §8). Machines use them for the errors they set; views import them for labels and
 * toasts, so a text is written once.
 */
import { SIGNUP_STEPS } from './constants.js';

export const MESSAGES = {
  // Sign-in (spec §8).
  loginSucceeded: 'successfully login',
  loginFailed: 'failed to login user',
  startCreating: 'Start Creating',
  // Session.
  logoutSucceeded: 'Successfully logout',
  logoutFailed: 'Failed to logout',
  // Signup wizard (spec §2 "Signup screen", §8).
  registerSucceeded: 'Register successfully',
  registerFailed: 'Failed to register User plz try again',
  usingDefaultAvatar: 'Using default avatar',
  usingDefaultCover: 'Using default cover',
  useDefaultImage: 'Use Default Image',
  completeRegistration: 'Complete Registration',
  back: 'Back',
  continue: 'Continue',
  edit: 'Edit',
  // Image pickers and the upload popup (spec §2 "Settings", §5, §8).
  /** The spec says pickers accept images only but gives no text: ours, when a non-image is offered. */
  imagesOnly: 'Please choose an image file (PNG, JPG, GIF)',
  avatarChanged: 'successfully changed avatar image',
  avatarChangeFailed: 'failed to update avatar image',
  coverChanged: 'successfully changed cover image',
  coverChangeFailed: 'failed to update cover image',
  upload: 'Upload',
  // Settings: personal information (spec §5, §8).
  personalInformation: 'Personal Information',
  bothFieldsRequired: 'Both fields are required',
  personalInfoSaved: 'Personal information updated successfully',
  personalInfoFailed: 'Failed to update information',
  // Settings: change password (spec §5, §8).
  changePassword: 'Change Password',
  allFieldsRequired: 'All fields are required',
  newPasswordMismatch: "New password and confirmation don't match",
  passwordsDontMatch: "Passwords don't match",
  passwordChanged: 'Password changed successfully',
  passwordChangeFailed: 'Failed to change password',
  // Both settings forms.
  cancelConfirm: 'Are you sure you want to cancel? Any unsaved changes will be lost.',
  // App shell.
  unexpectedError: 'Unexpected Application Error!',
  // Channel page (spec §2, §5, §8).
  unableToGetUser: 'Unable to get this user',
  loadingMoreVideos: 'Loading more videos...',
  noVideos: 'No videos',
  noDescription: 'No description',
  tweetPlaceholder: 'Write your valuable tweets here...',
  tweetContentRequired: 'Tweet content is required!',
  tweetContentEmpty: 'Tweet content cannot be empty',
  tweetUpdated: 'Tweet updated successfully',
  tweetDeleted: 'Tweet deleted successfully',
  viewChannel: 'View Channel',
} as const;

/** Titles of the signup wizard's steps, in order (spec §2). */
export const SIGNUP_STEP_TITLES = [
  'Basic Information',
  'Profile Picture',
  'Cover Image',
  'Review',
] as const;

/** The wizard's step indicator: step is 0-based, the text 1-based ('Step 1 of 4'). */
export function stepLabel(step: number): string {
  return `Step ${step + 1} of ${SIGNUP_STEPS}`;
}
