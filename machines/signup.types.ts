/**
 * The signup wizard's fields, context, events and emissions (signup.machine.ts). The rules for its
 * fields are in signup-fields.ts; what the views read, in signup.selectors.ts.
 */
import type { User } from '../contract/shapes.js';
import type { Availability, AvailabilityBody, AvailabilityData } from '../contract/users.js';

export interface SignupFields {
  fullName: string;
  userName: string;
  email: string;
  password: string;
}

export type SignupField = keyof SignupFields;

/** The fields that must be unique, checked with the server while the person types. */
export type IdentityField = 'userName' | 'email';

/** What typing in step 1 keeps over a reload (sessionStorage): everything but the password. */
export type SignupDraft = Omit<SignupFields, 'password'>;

export type ImageKind = 'avatar' | 'cover';

/** Where an image step's picture comes from: nothing yet, the user's file, or the default. */
export type ImageSource = 'none' | 'picked' | 'default';

/** The server's answers so far, per value as it was sent (trimmed, lower-case). */
export type KnownAvailability = Record<IdentityField, Readonly<Record<string, Availability>>>;

export interface SignupContext extends SignupFields {
  /** The picked file, or the loaded default picture (for the preview); null when none. */
  avatar: Blob | null;
  avatarSource: ImageSource;
  cover: Blob | null;
  coverSource: ImageSource;
  /** The file of an image step being read, to see that it is a picture (checkingImage). */
  pendingImage: Blob | null;
  /**
   * A refused file on an image step, or a registration failure that names no field; null when
   * none. Field problems of step 1 are not kept here: selectFieldErrors words them.
   */
  error: string | null;
  /** Step-1 fields whose rule problems are shown: left once, or all after a refused Continue. */
  shown: readonly SignupField[];
  /** "taken" / "available" per user name and email asked about. */
  availability: KnownAvailability;
  /**
   * The server's refusal of a field at registration (step 1's, or a picture), shown beside it
   * until the person changes it.
   */
  serverErrors: Readonly<Partial<Record<SignupField | 'avatar' | 'coverImage', string>>>;
}

export interface SignupInput {
  /** What a reload restored from sessionStorage (the password is never kept); undefined: none. */
  draft: Partial<SignupDraft> | undefined;
}

/** What the register call receives: trimmed fields; a null image means "use the default". */
export interface RegisterInput extends SignupFields {
  avatar: Blob | null;
  coverImage: Blob | null;
}

export type { Availability, AvailabilityBody, AvailabilityData };

export type SignupEvent =
  /** The user typed into one of the basic-information fields. */
  | { type: 'FIELD_CHANGED'; field: SignupField; value: string }
  /** Focus left a basic-information field: its problems show from now on. */
  | { type: 'FIELD_LEFT'; field: SignupField }
  /** The user pressed Continue. */
  | { type: 'CONTINUE' }
  /** The user pressed Back. */
  | { type: 'BACK' }
  /** The address names step `step` (0-based): the browser's Back or Forward was used. */
  | { type: 'URL_STEP'; step: number }
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
