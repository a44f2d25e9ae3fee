/**
 * Passkeys (WebAuthn, issue 32): an account adds, names and removes them in Settings → Passkeys,
 * and signs in with one instead of the three fields, or as the second step after them.
 *
 * Each ceremony is two calls: `…/options` answers the WebAuthn options for the browser
 * (@simplewebauthn/browser `startRegistration` / `startAuthentication`) and a ticket for this one
 * ceremony; the browser's answer goes back with the ticket. A ticket lives PASSKEY_CEREMONY_TTL_MS
 * and works once, whatever the answer.
 *
 *   GET    /users/passkeys                    the caller's passkeys (signed in)
 *   POST   /users/passkeys/register/options   options to add one (signed in; at most PASSKEY_LIMIT)
 *   POST   /users/passkeys/register           the authenticator's answer → the new passkey (201)
 *   PATCH  /users/passkeys/:passkeyId         rename
 *   DELETE /users/passkeys/:passkeyId         remove
 *   POST   /users/passkeys/sign-in/options    options to sign in; with `secondStepTicket`, for the
 *                                            second step of that sign-in (only its account's keys)
 *   POST   /users/passkeys/sign-in            the answer (+ the same `secondStepTicket`) → as login
 */
import { Type, type Static } from '@sinclair/typebox';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { ClosedBody, DateString } from './common.js';
import { TICKET_MAX_LENGTH } from './second-step.js';

/** Passkeys one account may hold. */
export const PASSKEY_LIMIT = 10;
/** Characters of a passkey's name (after trimming). */
export const PASSKEY_NAME_MAX = 64;
/** How long the browser may wait for the authenticator; the ticket lives a little longer. */
export const PASSKEY_TIMEOUT_MS = 2 * 60 * 1000;
export const PASSKEY_CEREMONY_TTL_MS = PASSKEY_TIMEOUT_MS + 60 * 1000;

/** A credential id (base64url): real ones are 16–1023 bytes. */
const CREDENTIAL_ID_MAX = 1400;
const B64URL = '^[A-Za-z0-9_-]+$';
const CredentialId = Type.String({ minLength: 1, maxLength: CREDENTIAL_ID_MAX, pattern: B64URL });
/** clientDataJSON, attestationObject, signature…: base64url, bounded far above real sizes. */
const Bytes = (maxLength = 16_384) => Type.String({ minLength: 1, maxLength, pattern: B64URL });
const Ticket = Type.String({ minLength: 1, maxLength: TICKET_MAX_LENGTH });

export const Passkey = Type.Object({
  /** The credential id. */
  _id: Type.String(),
  name: Type.String(),
  createdAt: DateString,
  lastUsedAt: Type.Union([DateString, Type.Null()]),
  /** Whether the passkey is synced (iCloud Keychain, Google Password Manager…). */
  backedUp: Type.Boolean(),
});
export type Passkey = Static<typeof Passkey>;

export const PasskeyList = Type.Object({
  passkeys: Type.Array(Passkey),
  /** PASSKEY_LIMIT, for the page to say. */
  limit: Type.Integer(),
});
export type PasskeyList = Static<typeof PasskeyList>;

export const PasskeyParams = Type.Object({ passkeyId: CredentialId });

export const RenamePasskeyBody = ClosedBody(
  Type.Object({ name: Type.String({ minLength: 1, maxLength: PASSKEY_NAME_MAX }) }),
);
export type RenamePasskeyBody = Static<typeof RenamePasskeyBody>;

/** The options answers: the browser's options as SimpleWebAuthn makes them, and the ticket. */
export const RegistrationOptions = Type.Object({
  ticket: Type.String(),
  options: Type.Unsafe<PublicKeyCredentialCreationOptionsJSON>(Type.Any()),
});
export type RegistrationOptions = Static<typeof RegistrationOptions>;
export const SignInOptions = Type.Object({
  ticket: Type.String(),
  options: Type.Unsafe<PublicKeyCredentialRequestOptionsJSON>(Type.Any()),
});
export type SignInOptions = Static<typeof SignInOptions>;

const Transports = Type.Array(Type.String({ maxLength: 32 }), { maxItems: 10 });
const ExtensionResults = Type.Record(Type.String(), Type.Unknown(), { maxProperties: 20 });
const Attachment = Type.Union([Type.Literal('platform'), Type.Literal('cross-platform')]);

/** RegistrationResponseJSON of @simplewebauthn/browser. */
export const RegistrationResponse = Type.Object({
  id: CredentialId,
  rawId: CredentialId,
  type: Type.Literal('public-key'),
  response: Type.Object({
    clientDataJSON: Bytes(),
    attestationObject: Bytes(),
    authenticatorData: Type.Optional(Bytes()),
    transports: Type.Optional(Transports),
    publicKeyAlgorithm: Type.Optional(Type.Integer()),
    publicKey: Type.Optional(Bytes()),
  }),
  authenticatorAttachment: Type.Optional(Attachment),
  clientExtensionResults: ExtensionResults,
});

/** AuthenticationResponseJSON of @simplewebauthn/browser. */
export const AuthenticationResponse = Type.Object({
  id: CredentialId,
  rawId: CredentialId,
  type: Type.Literal('public-key'),
  response: Type.Object({
    clientDataJSON: Bytes(),
    authenticatorData: Bytes(),
    signature: Bytes(),
    userHandle: Type.Optional(Bytes(512)),
  }),
  authenticatorAttachment: Type.Optional(Attachment),
  clientExtensionResults: ExtensionResults,
});

export const RegisterPasskeyBody = ClosedBody(
  Type.Object({ ticket: Ticket, response: RegistrationResponse }),
);
export type RegisterPasskeyBody = Static<typeof RegisterPasskeyBody>;

export const PasskeySignInOptionsBody = ClosedBody(
  Type.Object({ secondStepTicket: Type.Optional(Ticket) }),
);
export type PasskeySignInOptionsBody = Static<typeof PasskeySignInOptionsBody>;

export const PasskeySignInBody = ClosedBody(
  Type.Object({
    ticket: Ticket,
    response: AuthenticationResponse,
    secondStepTicket: Type.Optional(Ticket),
  }),
);
export type PasskeySignInBody = Static<typeof PasskeySignInBody>;

export const PASSKEY_MESSAGES = {
  added: 'Passkey added',
  renamed: 'Passkey renamed',
  removed: 'Passkey removed',
  list: 'Passkeys fetched',
  options: 'Passkey options ready',
  signedIn: 'User logged in successfully',
  notFound: 'That passkey was not found.',
  tooMany: `You can have at most ${PASSKEY_LIMIT} passkeys. Remove one to add another.`,
  alreadyAdded: 'This passkey is already added to your account.',
  notVerified: 'The passkey could not be verified. Try again.',
  expired: 'This passkey request has expired. Try again.',
  notRecognised: 'That passkey is not recognised here. Sign in another way.',
  wrongAccount: 'That passkey belongs to another account. Use a passkey of this account.',
  nameRule: `Name a passkey in 1 to ${PASSKEY_NAME_MAX} characters.`,
  ipAddress: 'Passkeys need the site to be opened by its name, not an IP address (e.g. localhost).',
} as const;
