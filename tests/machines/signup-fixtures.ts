/** Fixtures of the signup wizard's model (signup.model.ts) and its assertions (signup.assert.ts). */
import type { signupMachine } from '../../machines/signup.machine.js';
import { asSent, ruleProblem } from '../../machines/signup-fields.js';
import type { SignupContext, SignupField } from '../../machines/signup.types.js';

export type Snapshot = ReturnType<typeof signupMachine.transition>;

/** What a person types into each field, in the order the form asks; read as the server reads it. */
export const typed = {
  fullName: ' Alice Example ',
  userName: ' Alice ',
  email: 'Alice@Example.com ',
  password: ' correct horse ',
} as const satisfies Record<SignupField, string>;
/** A second user name, tried when the first is taken. */
export const otherUserName = 'alice.b';
/** The sign-up form's first complaint in issue 22. */
export const invalidUserName = 'QA Tester!';

/** Bigger than the 10 MB the server takes (issue 22 tried a 12.9 MB PNG). */
export const aHugePng = new Blob([new Uint8Array(10 * 1024 * 1024 + 1)], { type: 'image/png' });

/** The server's refusals of a registration, one per step that shows it, and one of no field. */
export const refusals = {
  userName: 'userName: This user name is already taken',
  avatar: 'avatar: Profile picture is larger than 10 MB',
  coverImage: 'coverImage: Cover image must be a PNG, JPG, GIF or WebP image that can be read',
  none: 'Too many requests, please try again later',
};

export const FIELD_ORDER: SignupField[] = ['fullName', 'userName', 'email', 'password'];

/** How a field looks to the chart: blank, breaking a rule, or fine (and, if asked, free or not). */
export function fieldStatus(c: SignupContext, field: SignupField): string {
  const value = c[field];
  if (value.trim() === '') return 'blank';
  if (ruleProblem(field, value) !== null) return 'invalid';
  if (field !== 'userName' && field !== 'email') return 'ok';
  return c.availability[field][asSent(field, value)] ?? 'unknown';
}
