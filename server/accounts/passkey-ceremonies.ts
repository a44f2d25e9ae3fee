/**
 * The two WebAuthn ceremonies of passkeys (issue 32) over @simplewebauthn/server: adding one
 * (registration) and signing in with one (authentication), each as options → the browser's
 * answer. The WebAuthn challenge waits in sign_in_challenges (sign-in-challenges.ts), so any
 * replica can check the answer, and a ceremony is used up by its first answer, right or wrong.
 *
 * Registration: resident key and user verification preferred, the account's passkeys excluded,
 * attestation 'none' (the site trusts no vendor list). Sign-in without a password asks for user
 * verification and requires it (the passkey is then two factors: the device and its unlock);
 * as the second step after the password, presence is enough (the password was the first).
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { eq } from 'drizzle-orm';
import {
  PASSKEY_CEREMONY_TTL_MS,
  PASSKEY_MESSAGES,
  PASSKEY_TIMEOUT_MS,
  type PasskeySignInBody,
  type RegisterPasskeyBody,
  type RegistrationOptions,
  type SignInOptions,
} from '../../contract/passkeys.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { invalid, isDomainError, unauthorized } from '../errors.js';
import { defaultPasskeyName } from './passkey-names.js';
import {
  assertRoomForPasskey,
  findPasskey,
  insertPasskey,
  listPasskeys,
  recordPasskeyUse,
  type PasskeyRow,
} from './passkeys.js';
import {
  consumeChallenge,
  failChallenge,
  openChallenge,
  startChallenge,
  type ChallengePurpose,
  type OpenChallenge,
} from './sign-in-challenges.js';
import type { UserRow } from './users.js';

/** Who the passkeys are for: the RP ID (a host name) and the origin the browser shows. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

const userHandleOf = (userId: string) => Buffer.from(userId, 'utf8').toString('base64url');

/** A passkey ceremony's ticket, or one 401 saying to start again. */
async function openCeremony(
  db: Db,
  ticket: string,
  purpose: ChallengePurpose,
): Promise<OpenChallenge & { webauthnChallenge: string }> {
  const expired = unauthorized(PASSKEY_MESSAGES.expired);
  let ceremony: OpenChallenge;
  try {
    ceremony = await openChallenge(db, ticket, purpose);
  } catch (error) {
    throw isDomainError(error, 'unauthorized') ? expired : error;
  }
  // First answer wins; a replay, or a second answer racing it, finds nothing.
  if (!ceremony.webauthnChallenge || !(await consumeChallenge(db, ceremony.id))) throw expired;
  return { ...ceremony, webauthnChallenge: ceremony.webauthnChallenge };
}

export async function startPasskeyRegistration(
  db: Db,
  rp: RelyingParty,
  user: Pick<UserRow, 'id' | 'userName' | 'fullName'>,
): Promise<RegistrationOptions> {
  await assertRoomForPasskey(db, user.id);
  const existing = await listPasskeys(db, user.id);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.userName,
    userID: Buffer.from(user.id, 'utf8'),
    userDisplayName: user.fullName,
    timeout: PASSKEY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  const { ticket } = await startChallenge(db, {
    purpose: 'passkey-register',
    userId: user.id,
    webauthnChallenge: options.challenge,
    ttlMs: PASSKEY_CEREMONY_TTL_MS,
  });
  return { ticket, options };
}

export async function finishPasskeyRegistration(
  db: Db,
  rp: RelyingParty,
  userId: string,
  body: RegisterPasskeyBody,
  userAgent: string | undefined,
): Promise<PasskeyRow> {
  const ceremony = await openCeremony(db, body.ticket, 'passkey-register');
  if (ceremony.userId !== userId) throw unauthorized(PASSKEY_MESSAGES.expired);
  const verification = await verifyRegistrationResponse({
    response: body.response,
    expectedChallenge: ceremony.webauthnChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) throw invalid(PASSKEY_MESSAGES.notVerified);
  const { credential, credentialBackedUp } = verification.registrationInfo;
  await assertRoomForPasskey(db, userId);
  const names = (await listPasskeys(db, userId)).map((p) => p.name);
  return insertPasskey(db, {
    id: credential.id,
    userId,
    name: defaultPasskeyName(userAgent, names),
    publicKey: credential.publicKey,
    counter: credential.counter,
    transports: credential.transports ?? body.response.response.transports ?? [],
    backedUp: credentialBackedUp,
  });
}

/** The second step's ticket, checked (401 in its own words when dead). */
function openSecondStep(db: Db, ticket: string): Promise<OpenChallenge> {
  return openChallenge(db, ticket, 'second-step');
}

export async function startPasskeySignIn(
  db: Db,
  rp: RelyingParty,
  secondStepTicket: string | undefined,
): Promise<SignInOptions> {
  const step = secondStepTicket ? await openSecondStep(db, secondStepTicket) : null;
  const userId = step?.userId ?? undefined;
  const allowed = userId ? await listPasskeys(db, userId) : [];
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: allowed.map((p) => ({ id: p.id, transports: p.transports })),
    userVerification: userId ? 'preferred' : 'required',
    timeout: PASSKEY_TIMEOUT_MS,
  });
  const { ticket } = await startChallenge(db, {
    purpose: 'passkey-sign-in',
    userId,
    webauthnChallenge: options.challenge,
    ttlMs: PASSKEY_CEREMONY_TTL_MS,
  });
  return { ticket, options };
}

/**
 * The account a passkey answer signs in to. With a second-step ticket (given to both calls), the
 * passkey must be one of that ticket's account, a wrong one counts as a wrong code, and the
 * ticket is used up; the caller then finishes through completeSignIn.
 */
export async function finishPasskeySignIn(
  db: Db,
  rp: RelyingParty,
  body: PasskeySignInBody,
): Promise<UserRow> {
  const ceremony = await openCeremony(db, body.ticket, 'passkey-sign-in');
  const forSecondStep = ceremony.userId !== null;
  if (forSecondStep !== (body.secondStepTicket !== undefined)) {
    throw unauthorized(PASSKEY_MESSAGES.expired);
  }
  const step = body.secondStepTicket ? await openSecondStep(db, body.secondStepTicket) : null;
  if (step && step.userId !== ceremony.userId) throw unauthorized(PASSKEY_MESSAGES.expired);
  const refuse = async (message: string) => {
    if (step) await failChallenge(db, step.id);
    return unauthorized(message);
  };

  const passkey = await findPasskey(db, body.response.id);
  if (!passkey) throw await refuse(PASSKEY_MESSAGES.notRecognised);
  if (step && passkey.userId !== step.userId) throw await refuse(PASSKEY_MESSAGES.wrongAccount);
  const handle = body.response.response.userHandle;
  if (handle !== undefined && handle !== userHandleOf(passkey.userId)) {
    throw await refuse(PASSKEY_MESSAGES.notVerified);
  }
  const verification = await verifyAuthenticationResponse({
    response: body.response,
    expectedChallenge: ceremony.webauthnChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.id,
      publicKey: new Uint8Array(passkey.publicKey),
      counter: passkey.counter,
      transports: passkey.transports,
    },
    requireUserVerification: !step,
  }).catch(() => null);
  if (!verification?.verified) throw await refuse(PASSKEY_MESSAGES.notVerified);

  const { newCounter, credentialBackedUp } = verification.authenticationInfo;
  await recordPasskeyUse(db, passkey.id, { counter: newCounter, backedUp: credentialBackedUp });
  if (step && !(await consumeChallenge(db, step.id))) {
    throw unauthorized(PASSKEY_MESSAGES.expired);
  }
  const [row] = await db.select().from(users).where(eq(users.id, passkey.userId));
  if (!row) throw unauthorized(PASSKEY_MESSAGES.notRecognised);
  return row;
}
