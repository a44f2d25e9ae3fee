import { randomBytes } from 'node:crypto';

/** Opaque, URL-safe, unguessable ids (16 characters, 96 random bits). */
export function newId(): string {
  return randomBytes(12).toString('base64url');
}
