/**
 * The keys of two-step sign-in, derived from the server's secret (ACCESS_TOKEN_SECRET, or the one
 * kept in DATA_DIR/secrets.json) with HKDF-SHA-256, one per use (`info` names it):
 * - the TOTP secret is sealed with AES-256-GCM (a random 12-byte nonce per seal, the 16-byte tag
 *   checked on opening), so a copy of the database alone yields no authenticator secret;
 * - recovery codes are stored as HMAC-SHA-256 of the user id and the code: 40 random bits are
 *   few enough to try offline against a bare hash, not against a keyed one.
 * Replacing the server's secret therefore turns every account's authenticator and recovery
 * codes useless (docs/decisions.md says what to do then).
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

export interface TwoStepKeys {
  seal: Buffer;
  recovery: Buffer;
}

const derived = new Map<string, TwoStepKeys>();

export function twoStepKeys(serverSecret: string): TwoStepKeys {
  let keys = derived.get(serverSecret);
  if (!keys) {
    const key = (info: string) => Buffer.from(hkdfSync('sha256', serverSecret, '', info, 32));
    keys = { seal: key('vidtube/totp-secret/v1'), recovery: key('vidtube/recovery-code/v1') };
    derived.set(serverSecret, keys);
  }
  return keys;
}

/** `v1.<nonce>.<tag>.<ciphertext>`, base64url parts. */
export function sealSecret(keys: TwoStepKeys, plain: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.seal, nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', nonce, cipher.getAuthTag(), body].map((p) => p.toString('base64url')).join('.');
}

/** The sealed secret, or null when it was sealed with another key or altered. */
export function openSecret(keys: TwoStepKeys, sealed: string): string | null {
  const [version, nonce, tag, body] = sealed.split('.');
  if (version !== 'v1' || !nonce || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keys.seal, Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}

export function recoveryCodeHash(keys: TwoStepKeys, userId: string, code: string): string {
  return createHmac('sha256', keys.recovery).update(`${userId}:${code}`).digest('base64url');
}
