/**
 * The signup wizard's fields, context, events and emissions (signup.machine.ts), and the rules for
 * its fields: when step 0 may continue (the machine's guard and the Continue button's selector
 * share it) and what registering sends.
 */
import type { User } from '../contract/shapes.js';
import { allFilled } from './validation.js';

export interface SignupFields {
  fullName: string;
  userName: string;
  email: string;
  password: string;
}

export type SignupField = keyof SignupFields;

export type ImageKind = 'avatar' | 'cover';

/** Where an image step's picture comes from: nothing yet, the user's file, or the default. */
export type ImageSource = 'none' | 'picked' | 'default';

export interface SignupContext extends SignupFields {
  /** The picked file, or the loaded default picture (for the preview); null when none. */
  avatar: Blob | null;
  avatarSource: ImageSource;
  cover: Blob | null;
  coverSource: ImageSource;
  /** A refused file on an image step, or the last registration failure; null when none. */
  error: string | null;
}

/** What the register call receives: trimmed fields; a null image means "use the default". */
export interface RegisterInput extends SignupFields {
  avatar: Blob | null;
  coverImage: Blob | null;
}

export type SignupEvent =
  /** The user typed into one of the basic-information fields. */
  | { type: 'FIELD_CHANGED'; field: SignupField; value: string }
  /** The user pressed Continue. */
  | { type: 'CONTINUE' }
  /** The user pressed Back. */
  | { type: 'BACK' }
  /** The user picked (or dropped) a file on an image step. */
  | { type: 'IMAGE_PICKED'; file: Blob }
  /** The user pressed 'Use Default Image'. */
  | { type: 'USE_DEFAULT' }
  /** The user pressed Edit on the review step. */
  | { type: 'EDIT' }
  /** The user pressed 'Complete Registration'. */
  | { type: 'SUBMIT' };

export type SignupEmitted =
  | { type: 'registered'; user: User }
  | { type: 'registerFailed'; reason: string }
  | { type: 'signedIn'; user: User }
  | { type: 'loginAfterRegisterFailed'; reason: string };

/** Step 0 may continue once the four fields hold more than blanks. */
export function basicInfoFilled(c: SignupFields): boolean {
  return allFilled([c.fullName, c.userName, c.email, c.password]);
}

export const emptyFields: SignupFields = { fullName: '', userName: '', email: '', password: '' };

/** The fields as registered: trimmed, except the password. */
export function trimmedFields(c: SignupFields): SignupFields {
  return {
    fullName: c.fullName.trim(),
    userName: c.userName.trim(),
    email: c.email.trim(),
    // Passwords are sent exactly as typed.
    password: c.password,
  };
}
