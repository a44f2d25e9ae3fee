/**
 * Passkey ceremonies across replicas (issue 32): the WebAuthn challenge waits in the shared
 * database, so options from one replica are answered at the other, and an answer used at one is
 * refused at the other. Requests name the host `localhost` (WebAuthn refuses IP addresses, and
 * the relying party is the host the request reached).
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { assert, createCredential } from '../server/software-authenticator.js';
import { signUp, withCluster } from './harness.js';

let api1: string;
let api2: string;
withCluster((t) => ([api1, api2] = t.api));

/** The parts of the answers this file reads. */
interface Answer {
  ticket: string;
  options: { challenge: string; user: { id: string } };
  user: { _id: string };
}

const LOCAL = { origin: 'http://localhost', rpId: 'localhost' };

/** A JSON request to a replica as if the site were opened at http://localhost. */
function send(base: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const url = new URL(base);
  const payload = Buffer.from(JSON.stringify(body ?? {}));
  return new Promise<{ status: number; data: Answer }>((resolve, reject) => {
    const request = http.request({
      host: url.hostname,
      port: url.port,
      method: 'POST',
      path: `/api/v1/users/passkeys${path}`,
      headers: { ...headers, host: 'localhost', 'content-type': 'application/json' },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () => {
        const json = JSON.parse(Buffer.concat(chunks).toString()) as { data: Answer };
        resolve({ status: response.statusCode ?? 0, data: json.data });
      });
    });
    request.end(payload);
  });
}

describe('passkeys across replicas', () => {
  it('adds at one replica what the other offered, and signs in at one with the other’s options', async () => {
    const { session, userId } = await signUp(api1);
    const cookie = session.ownHeaders();
    const offer = await send(api1, '/register/options', {}, cookie);
    expect(offer.status).toBe(200);
    const { credential, response } = createCredential(offer.data.options, LOCAL);
    const added = await send(api2, '/register', { ticket: offer.data.ticket, response }, cookie);
    expect(added.status).toBe(201);

    const options = await send(api2, '/sign-in/options', {});
    const answer = {
      ticket: options.data.ticket,
      response: assert(credential, options.data.options, LOCAL),
    };
    const signedIn = await send(api1, '/sign-in', answer);
    expect(signedIn.status).toBe(200);
    expect(signedIn.data.user._id).toBe(userId);
    expect((await send(api2, '/sign-in', answer)).status).toBe(401);
  });
});
