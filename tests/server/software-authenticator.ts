/**
 * A software passkey authenticator for server tests: real 'none' attestations and ES256
 * assertions made with node:crypto and the CBOR encoder SimpleWebAuthn ships, shaped as
 * @simplewebauthn/browser hands them to the server (RegistrationResponseJSON,
 * AuthenticationResponseJSON). Each credential keeps its key pair, user handle and counter.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftCredential {
  id: string;
  rawId: Buffer;
  privateKey: KeyObject;
  cose: Uint8Array;
  userHandle: string;
  counter: number;
}

export interface Ceremony {
  origin: string;
  rpId: string;
  /** Sign without user verification (a security key without PIN). */
  withoutUv?: boolean;
}

function clientData(type: string, challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

function flagsOf(ceremony: Ceremony, extra = 0): Buffer {
  return Buffer.from([FLAG_UP | (ceremony.withoutUv ? 0 : FLAG_UV) | extra]);
}

/** A new ES256 credential for the registration options' user, and the browser's answer. */
export function createCredential(
  options: { challenge: string; user: { id: string } },
  ceremony: Ceremony,
): { credential: SoftCredential; response: Record<string, unknown> } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  const rawId = randomBytes(32);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(rawId.length);
  const authData = Buffer.concat([
    sha256(ceremony.rpId),
    flagsOf(ceremony, FLAG_AT),
    counterBytes(0),
    Buffer.alloc(16),
    idLength,
    rawId,
    Buffer.from(cose),
  ]);
  const attestationObject = isoCBOR.encode(
    new Map<string, unknown>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ]) as never,
  );
  const id = b64url(rawId);
  const credential = {
    id,
    rawId,
    privateKey,
    cose,
    userHandle: options.user.id,
    counter: 0,
  };
  const response = {
    id,
    rawId: id,
    type: 'public-key',
    response: {
      clientDataJSON: b64url(clientData('webauthn.create', options.challenge, ceremony.origin)),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    },
    authenticatorAttachment: 'platform',
    clientExtensionResults: {},
  };
  return { credential, response };
}

/** The browser's answer to sign-in options: an ES256 assertion by `credential`. */
export function assert(
  credential: SoftCredential,
  options: { challenge: string },
  ceremony: Ceremony,
): Record<string, unknown> {
  credential.counter += 1;
  const authData = Buffer.concat([
    sha256(ceremony.rpId),
    flagsOf(ceremony),
    counterBytes(credential.counter),
  ]);
  const data = clientData('webauthn.get', options.challenge, ceremony.origin);
  const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), credential.privateKey);
  return {
    id: credential.id,
    rawId: credential.id,
    type: 'public-key',
    response: {
      clientDataJSON: b64url(data),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: credential.userHandle,
    },
    authenticatorAttachment: 'platform',
    clientExtensionResults: {},
  };
}
