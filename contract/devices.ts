/**
 * Settings → Devices (issue 32): the caller's live sessions, and signing one or all others out.
 * A session is described by what was seen at sign-in: the browser and system read from the
 * User-Agent, and the network of the address (a /24 or /48, never the address itself).
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateString, Id } from './common.js';

export const Device = Type.Object({
  /** The session's id: what DELETE /users/sessions/{sessionId} takes. */
  _id: Type.String(),
  /** "Chrome 131", or "Unknown browser" when the User-Agent says nothing readable. */
  browser: Type.String(),
  /** "Windows 10", "Android 14", or "Unknown system". */
  system: Type.String(),
  /** "203.0.113.0/24", "2001:db8:1::/48", or '' when unknown (sessions older than issue 32). */
  network: Type.String(),
  signedInAt: DateString,
  /** The session's last refresh (access tokens last 15 minutes) or its sign-in. */
  lastSeenAt: DateString,
  /** The device asking. */
  current: Type.Boolean(),
});
export type Device = Static<typeof Device>;

export const DeviceList = Type.Object({ devices: Type.Array(Device) });
export type DeviceList = Static<typeof DeviceList>;

export const DeviceParams = Type.Object({ sessionId: Id });

export const SignedOutCount = Type.Object({ signedOut: Type.Integer({ minimum: 0 }) });
export type SignedOutCount = Static<typeof SignedOutCount>;

export const DEVICE_MESSAGES = {
  listed: 'Devices fetched',
  signedOut: 'Device signed out',
  othersSignedOut: 'Other devices signed out',
  notFound: 'Device not found',
} as const;
