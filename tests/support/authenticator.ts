/**
 * An authenticator app in a test (issue 32): the six-digit code of a TOTP secret (base32, as
 * Settings shows it) for the time step `offset` steps from now, computed with otpauth as the
 * server checks it (SHA-1, 6 digits, 30 s).
 */
import { Secret, TOTP } from 'otpauth';

export function authenticatorCode(secret: string, offset = 0): string {
  return new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  }).generate({ timestamp: Date.now() + offset * 30_000 });
}
