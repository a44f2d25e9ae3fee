/**
 * Each request's statements are one line in the embedded database's turns (db/statement-turns.ts):
 * the request's handling runs inside `runAsRequest`, from its first hook on, body parsing
 * included (tests/server/statement-turns.test.ts sends a JSON body over a real socket). A request
 * that lost the context would only wait as a new one: its statements lose their priority, never
 * their answers.
 */
import type { FastifyInstance } from 'fastify';
import { runAsRequest } from './db/statement-turns.js';

export function installRequestTurns(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, _reply, done) => runAsRequest(done));
}
