/**
 * A refusal whose status comes from a protocol rather than from the domain: the tus server's own
 * answers (uploads/tus-server.http.ts) leave with the status tus chose. Only the HTTP edge throws
 * it; the domain throws DomainError (errors.ts).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
