/**
 * Bodies that arrived as form fields (urlencoded or multipart): every value is text there, so
 * their schema may read "12" as 12 and "true" as true, and fields the call does not take are
 * dropped, as before. JSON bodies carry their own types and are checked as sent
 * (validation-options.ts). The mark is kept by the body object itself.
 */
const formBodies = new WeakSet<object>();

export function markFormBody<T extends object>(body: T): T {
  formBodies.add(body);
  return body;
}

export function isFormBody(body: unknown): boolean {
  return typeof body === 'object' && body !== null && formBodies.has(body);
}
