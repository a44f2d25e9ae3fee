/**
 * The name a new passkey gets until its owner renames it: where it was made ("Chrome on Linux",
 * from the browser's user agent by bowser), else "Passkey N". A name the account already uses
 * gets " (2)", " (3)"… so two rows never read the same.
 */
import Bowser from 'bowser';
import { PASSKEY_NAME_MAX } from '../../contract/passkeys.js';

function browserAndSystem(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const parser = Bowser.getParser(userAgent);
  const browser = parser.getBrowserName();
  const system = parser.getOSName();
  if (browser && system) return `${browser} on ${system}`;
  return browser || system || null;
}

export function defaultPasskeyName(
  userAgent: string | undefined,
  taken: readonly string[],
): string {
  const base = (browserAndSystem(userAgent) ?? `Passkey ${taken.length + 1}`).slice(
    0,
    PASSKEY_NAME_MAX - 5,
  );
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const name = `${base} (${n})`;
    if (!used.has(name)) return name;
  }
}
