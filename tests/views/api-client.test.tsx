/**
 * The SPA's HTTP client (src/api/client.ts) over a fake fetch: envelopes, errors, the one-time
 * refresh on 401, and the session-expired signal when the refresh fails too.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, onSessionExpired, request } from '../../src/api/client';

type Handler = (url: string, init: RequestInit) => { status: number; body: unknown };

let calls: { url: string; init: RequestInit }[] = [];

function serve(handler: Handler) {
  calls = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const { status, body } = handler(url, init);
    return Promise.resolve(
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
}

const ok = (data: unknown, status = 200) => ({
  status,
  body: { statusCode: status, data, message: 'ok', success: true },
});
const fail = (status: number, message: string) => ({
  status,
  body: { statusCode: status, data: null, message, success: false },
});

beforeEach(() => {
  calls = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('unwraps data, sends JSON with cookies and builds the query string', async () => {
    serve(() => ok({ hello: 'world' }));
    const data = await request<{ hello: string }>({
      method: 'POST',
      url: '/users/login',
      params: { page: 2, tag: null, query: 'cats & dogs' },
      data: { userName: 'alice' },
    });
    expect(data).toEqual({ hello: 'world' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/v1/users/login?page=2&query=cats+%26+dogs');
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.credentials).toBe('include');
    expect(calls[0]!.init.body).toBe('{"userName":"alice"}');
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBe(
      'application/json',
    );
  });

  it('sends FormData as is (the browser sets the multipart boundary)', async () => {
    serve(() => ok({}));
    const form = new FormData();
    form.append('avatar', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await request({ method: 'PATCH', url: '/users/update-Avatar', data: form });
    expect(calls[0]!.init.body).toBe(form);
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it("rejects with the server's message and status", async () => {
    serve(() => fail(409, 'userName is already taken'));
    const error = await request({ method: 'POST', url: '/users/register' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'userName is already taken', status: 409 });
  });

  it('refreshes once on a 401 and retries the call', async () => {
    let refreshed = false;
    serve((url) => {
      if (url.endsWith('/users/refresh-token')) {
        refreshed = true;
        return ok({});
      }
      return refreshed ? ok({ _id: 'u1' }) : fail(401, 'jwt expired');
    });
    const user = await request<{ _id: string }>({ method: 'GET', url: '/users/current-user' });
    expect(user).toEqual({ _id: 'u1' });
    expect(calls.map((c) => c.url)).toEqual([
      '/api/v1/users/current-user',
      '/api/v1/users/refresh-token',
      '/api/v1/users/current-user',
    ]);
  });

  it('signals an expired session when the refresh fails too', async () => {
    serve(() => fail(401, 'Unauthorized'));
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    const error = await request({ method: 'GET', url: '/dashboard/stats' }).catch(
      (e: unknown) => e,
    );
    stop();
    expect(error).toMatchObject({ status: 401 });
    expect(expired).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => c.url)).toEqual([
      '/api/v1/dashboard/stats',
      '/api/v1/users/refresh-token',
    ]);
  });

  it('never refreshes for a failed login (wrong credentials are not an expired session)', async () => {
    serve(() => fail(401, 'Invalid credentials'));
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    await expect(request({ method: 'POST', url: '/users/login', data: {} })).rejects.toMatchObject({
      message: 'Invalid credentials',
    });
    stop();
    expect(calls).toHaveLength(1);
    expect(expired).not.toHaveBeenCalled();
  });

  it('reports a network failure in words', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(request({ method: 'GET', url: '/videos' })).rejects.toMatchObject({
      message: 'Network error: check your connection',
      status: 0,
    });
  });
});
