/**
 * The rules of the signup wizard's first step, as pure functions over its context: each field is
 * read as the server reads it (trimmed; user name and email lower-cased) and checked against the
 * contract's rules (machines/text-check.ts), a user name or email the server said is taken is a
 * problem too, and the values whose availability is still unknown make the next check's query.
 */
import { FIELD_SENTENCES } from '../contract/field-messages.js';
import { TEXT_RULES } from '../contract/field-rules.js';
import { textProblem } from './text-check.js';
import type {
  AvailabilityBody,
  AvailabilityData,
  IdentityField,
  KnownAvailability,
  SignupContext,
  SignupDraft,
  SignupField,
  SignupFields,
} from './signup.types.js';
import { allFilled } from './validation.js';

export const SIGNUP_FIELDS: readonly SignupField[] = ['fullName', 'userName', 'email', 'password'];
export const IDENTITY_FIELDS: readonly IdentityField[] = ['userName', 'email'];

export const emptyFields: SignupFields = { fullName: '', userName: '', email: '', password: '' };

export const noAvailability: KnownAvailability = { userName: {}, email: {} };

/** A value as the server reads it before its rules run (server/accounts/users.routes.ts). */
export function asSent(field: SignupField, value: string): string {
  if (field === 'password') return value.trim() === '' ? '' : value;
  if (field === 'fullName') return value.trim();
  return value.trim().toLowerCase();
}

/** The fields as registered: as the server reads them, the password exactly as typed. */
export function trimmedFields(c: SignupFields): SignupFields {
  return {
    fullName: asSent('fullName', c.fullName),
    userName: asSent('userName', c.userName),
    email: asSent('email', c.email),
    password: c.password,
  };
}

/** Step 0 may be continued from (the spec's rule: the four fields hold more than blanks). */
export function basicInfoFilled(c: SignupFields): boolean {
  return allFilled([c.fullName, c.userName, c.email, c.password]);
}

/** What the contract's rule says about the field's value; null when it is fine. */
export function ruleProblem(field: SignupField, value: string): string | null {
  return textProblem(field, TEXT_RULES[field], asSent(field, value));
}

/** True when the server said this user name or email belongs to an account. */
export function isTaken(c: SignupContext, field: IdentityField): boolean {
  return c.availability[field][asSent(field, c[field])] === 'taken';
}

const TAKEN: Record<IdentityField, string> = {
  userName: FIELD_SENTENCES.userNameTaken,
  email: FIELD_SENTENCES.emailTaken,
};

/**
 * The problem of one field, whether or not it is shown yet: the server's refusal, else the
 * contract's rule, else "taken".
 */
export function fieldProblem(c: SignupContext, field: SignupField): string | null {
  const taken = (field === 'userName' || field === 'email') && isTaken(c, field);
  return c.serverErrors[field] ?? ruleProblem(field, c[field]) ?? (taken ? TAKEN[field] : null);
}

/** True when any of the four fields has a problem: Continue stays on the step. */
export function hasBasicProblems(c: SignupContext): boolean {
  return SIGNUP_FIELDS.some((field) => fieldProblem(c, field) !== null);
}

/**
 * The problems a person sees: a rule's only once the field was left or Continue was pressed, the
 * server's ("taken", a refusal at registration) as soon as they are known.
 */
export function visibleProblems(c: SignupContext): Partial<Record<SignupField, string>> {
  const visible: Partial<Record<SignupField, string>> = {};
  for (const field of SIGNUP_FIELDS) {
    const problem = fieldProblem(c, field);
    const fromServer =
      c.serverErrors[field] !== undefined ||
      ((field === 'userName' || field === 'email') && isTaken(c, field));
    if (problem !== null && (fromServer || c.shown.includes(field))) visible[field] = problem;
  }
  return visible;
}

/** The user name and email that pass the rules and have not been asked about yet. */
export function pendingQuery(c: SignupFields & { availability: KnownAvailability }) {
  const query: AvailabilityBody = {};
  for (const field of IDENTITY_FIELDS) {
    const value = asSent(field, c[field]);
    if (ruleProblem(field, c[field]) === null && c.availability[field][value] === undefined) {
      query[field] = value;
    }
  }
  return query;
}

export const isEmptyQuery = (query: AvailabilityBody) =>
  query.userName === undefined && query.email === undefined;

/** The known answers with the server's answer to `query` added. */
export function withAnswer(
  known: KnownAvailability,
  query: AvailabilityBody,
  answer: AvailabilityData,
): KnownAvailability {
  const next = { userName: { ...known.userName }, email: { ...known.email } };
  for (const field of IDENTITY_FIELDS) {
    const value = query[field];
    const status = answer[field];
    if (value !== undefined && status !== undefined) next[field][value] = status;
  }
  return next;
}

/**
 * The known answers without those about values the server has just refused at registration:
 * they are asked about again (a name taken meanwhile is then shown as taken).
 */
export function forgetRefused(
  c: SignupContext,
  refusals: Readonly<Record<string, string>>,
): KnownAvailability {
  const next = { userName: { ...c.availability.userName }, email: { ...c.availability.email } };
  for (const field of IDENTITY_FIELDS) {
    if (refusals[field] !== undefined) delete next[field][asSent(field, c[field])];
  }
  return next;
}

/** The typed fields a reload keeps (never the password). */
export function draftOf(c: SignupFields): SignupDraft {
  return { fullName: c.fullName, userName: c.userName, email: c.email };
}

/** The fields a draft restores; those holding text show their problems at once. */
export function restoredFields(draft: Partial<SignupDraft> | undefined) {
  const fields = { ...emptyFields };
  for (const field of ['fullName', 'userName', 'email'] as const) {
    const value = draft?.[field];
    if (typeof value === 'string') fields[field] = value;
  }
  const shown = SIGNUP_FIELDS.filter((field) => fields[field] !== '');
  return { fields, shown };
}
