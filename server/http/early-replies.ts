/**
 * Replies that Fastify or Node make before any route or hook runs: a path that is not valid
 * percent-encoding, a path parameter over the router's length limit, headers too large, a
 * malformed request. By default each has its own JSON shape and no security headers; here they
 * leave in the one error envelope with the same headers as every other response.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { failure } from './envelope.js';
import type { HeaderMap } from './security-headers.js';

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The request path is not valid percent-encoding',
  FST_ERR_MAX_PARAM_LENGTH: 'A path parameter is longer than the server accepts',
};

/** Fastify's `frameworkErrors` option: router failures, answered in the envelope. */
export function frameworkErrorReply(headers: HeaderMap) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
    const message = FRAMEWORK_MESSAGES[error.code] ?? 'The request could not be routed';
    void reply.headers(headers).status(status).send(failure(status, message));
  };
}

function clientErrorStatus(error: NodeJS.ErrnoException): { status: number; message: string } {
  if (error.code === 'HPE_HEADER_OVERFLOW')
    return { status: 431, message: 'Request headers are larger than the server accepts' };
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, message: 'The request took too long to arrive' };
  return { status: 400, message: 'The request is not valid HTTP' };
}

/** Fastify's `clientErrorHandler` option: the socket has no request object, so write raw HTTP. */
export function clientErrorReply(headers: HeaderMap) {
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    // A reset connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, message } = clientErrorStatus(error);
    if (socket.writable) {
      const body = JSON.stringify(failure(status, message));
      const lines = [
        `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`,
        'content-type: application/json; charset=utf-8',
        `content-length: ${Buffer.byteLength(body)}`,
        'connection: close',
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      ];
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    }
    socket.destroy();
  };
}
