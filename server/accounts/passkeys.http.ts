/**
 * The relying party of a passkey request: PUBLIC_URL's host and origin when it is set, else the
 * host and origin this request reached (http/origin.ts), so `npm start` on localhost works with
 * nothing configured. WebAuthn refuses IP addresses as RP IDs: a site opened at one is told to
 * use its name (localhost, or its domain) rather than sent options no browser accepts.
 */
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { PASSKEY_MESSAGES } from '../../contract/passkeys.js';
import type { Config } from '../config.js';
import { invalid } from '../errors.js';
import { publicOrigin } from '../http/origin.js';
import type { RelyingParty } from './passkey-ceremonies.js';

/** What browsers show as the site that asks for the passkey. */
const SITE_NAME = 'VidTube';

export function relyingPartyOf(request: FastifyRequest, config: Config): RelyingParty {
  const origin = new URL(publicOrigin(request, config));
  const id = origin.hostname.replace(/^\[|\]$/g, '');
  if (isIP(id) !== 0) throw invalid(PASSKEY_MESSAGES.ipAddress);
  return { id, origin: origin.origin, name: SITE_NAME };
}
