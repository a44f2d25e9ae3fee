/** Builds the success envelope of API.md: `{ statusCode, data, message, success }`. */
export function ok<T>(data: T, message = 'Success', statusCode = 200) {
  return { statusCode, data, message, success: statusCode < 400 };
}

export function created<T>(data: T, message = 'Created') {
  return ok(data, message, 201);
}

/** The error envelope: every failure leaves in this shape (DESIGN.md, Server). */
export function failure(statusCode: number, message: string) {
  return { statusCode, data: null, message, success: false as const };
}
