import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERS, multipart, newCredentials, pngImage } from './fixtures/users.js';
import { createTestApp, type TestApp } from './helpers.js';

interface Reply {
  status: number;
  body: { message: string };
  reusedSocket: boolean;
}

// Over a real socket: app.inject cannot show what a refused upload does to the connection.
describe('refused uploads over a keep-alive connection', () => {
  let t: TestApp;
  let base: string;
  // One socket for every request, so the second request must travel on the first one's socket.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    agent.destroy();
    await t.close();
  });

  async function post(path: string, form: FormData): Promise<Reply> {
    const encoded = new Request(base, { method: 'POST', body: form });
    const body = Buffer.from(await encoded.arrayBuffer());
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${base}${path}`,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': encoded.headers.get('content-type')!,
            'content-length': body.length,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: JSON.parse(Buffer.concat(chunks).toString()) as { message: string },
              reusedSocket: req.reusedSocket,
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  it('answers 413 and then serves the next request on the same socket', async () => {
    const big = Buffer.concat([await pngImage(), Buffer.alloc(12 * 1024 * 1024)]);
    const refused = await post(
      `${USERS}/register`,
      multipart(newCredentials(), {
        avatar: { content: big, filename: 'big.png', type: 'image/png' },
      }),
    );
    expect(refused.status).toBe(413);
    expect(refused.body.message).toBe('avatar: Profile picture is larger than 10 MB');

    const next = await post(`${USERS}/register`, multipart(newCredentials()));
    expect(next.reusedSocket).toBe(true);
    expect(next.status).toBe(201);
  });

  it('answers 400 for a file sent to a text-only call and keeps the socket usable', async () => {
    const credentials = newCredentials();
    expect((await post(`${USERS}/register`, multipart(credentials))).status).toBe(201);
    const { userName, email, password } = credentials;
    const refused = await post(
      `${USERS}/login`,
      multipart(
        { userName, email, password },
        {
          extra: {
            content: Buffer.alloc(2 * 1024 * 1024),
            filename: 'x.bin',
            type: 'application/octet-stream',
          },
        },
      ),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('extra: Extra is a file, and this call takes none');

    const next = await post(`${USERS}/login`, multipart({ userName, email, password }));
    expect(next.reusedSocket).toBe(true);
    expect(next.status).toBe(200);
  });
});
