/**
 * The one HTTP client of the SPA. Unwraps the API envelope (callers get `data`), turns failures
 * into ApiError with the server's message, and on a 401 refreshes the session once (shared by
 * concurrent requests) and retries, so a 15-minute access token never signs a user out.
 *
 * Calls are described with axios' request config. Ordinary calls go through `fetch`; only calls
 * that need upload/download progress load axios (on demand). That keeps axios' ~21 kB gzip out of
 * the JavaScript the first page needs (budget: 120 kB), with one behaviour for both paths.
 */
import type { AxiosError, AxiosRequestConfig } from 'axios';
import type { ApiEnvelope } from '../../contract/common';
import { API_PREFIX } from '../../contract/limits';
import { TOTAL_COUNT_HEADER } from '../../contract/list-total';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const NETWORK_ERROR = 'Network error: check your connection';

type Listener = () => void;
let expiredListeners: Listener[] = [];

/** Called when a call is refused with 401 even after a refresh: the session is gone. */
export function onSessionExpired(listener: Listener): () => void {
  expiredListeners = [...expiredListeners, listener];
  return () => {
    expiredListeners = expiredListeners.filter((l) => l !== listener);
  };
}

/** Builds `/api/v1/...?a=1` from axios-style url + params (null/undefined params dropped). */
function buildUrl(config: AxiosRequestConfig): string {
  const url = `${API_PREFIX}${config.url ?? ''}`;
  const params = (config.params ?? {}) as Record<string, unknown>;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    // Query values are strings, numbers or booleans (API.md); objects are never sent as params.
    if (value !== undefined && value !== null)
      search.append(key, `${value as string | number | boolean}`);
  }
  const query = search.toString();
  return query ? `${url}?${query}` : url;
}

/** One call with fetch; resolves to the envelope's data or rejects with ApiError. */
async function viaFetch<T>(config: AxiosRequestConfig): Promise<T> {
  return (await viaFetchWithHeaders<T>(config)).data;
}

/** The same call, also giving the response headers (a list's total travels in one). */
async function viaFetchWithHeaders<T>(
  config: AxiosRequestConfig,
): Promise<{ data: T; headers: Headers }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (config.data instanceof FormData) body = config.data;
  else if (config.data !== undefined) {
    body = JSON.stringify(config.data);
    headers['Content-Type'] = 'application/json';
  }
  let res: Response;
  try {
    res = await fetch(buildUrl(config), {
      method: (config.method ?? 'GET').toUpperCase(),
      headers,
      body,
      credentials: 'include',
      signal: (config.signal as AbortSignal | undefined) ?? null,
    });
  } catch (error) {
    // An aborted call is the caller's own doing: let it through unchanged.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_ERROR, 0);
  }
  const envelope = (await res.json().catch(() => null)) as ApiEnvelope<T> | null;
  if (!res.ok) throw new ApiError(envelope?.message ?? res.statusText, res.status);
  return { data: (envelope as ApiEnvelope<T>).data, headers: res.headers };
}

/** One call with axios (loaded on first use), for progress events. */
async function viaAxios<T>(config: AxiosRequestConfig): Promise<T> {
  const { default: axios } = await import('axios');
  try {
    const res = await axios.request<ApiEnvelope<T>>({
      ...config,
      baseURL: API_PREFIX,
      withCredentials: true,
    });
    return res.data.data;
  } catch (e) {
    if (axios.isCancel(e)) throw e;
    const error = e as AxiosError<ApiEnvelope<null>>;
    const status = error.response?.status ?? 0;
    const message = error.response?.data?.message ?? (status === 0 ? NETWORK_ERROR : error.message);
    throw new ApiError(message, status);
  }
}

let refreshing: Promise<boolean> | null = null;

/**
 * Frees the refresh slot. For the views suite only, whose files share one module graph: a test
 * that ends with its session or refresh call unanswered must not hold the slot for the next.
 */
export function releaseRefreshSlot(): void {
  refreshing = null;
}

/** Rotates the session cookies; true when the session is still alive. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= viaFetch({ method: 'POST', url: '/users/refresh-token', data: {} })
    .then(() => true)
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/**
 * The start-up call (POST /users/session): the user, or null. It may rotate the refresh cookie,
 * so it holds the refresh slot meanwhile: a call that meets a 401 then (the first screen's data
 * starts alongside it) waits for this answer instead of rotating the same token a second time,
 * which the server would take for a replayed token and end the session.
 */
export function resumeSession<T>(): Promise<T | null> {
  const answer = viaFetch<{ user: T | null }>({ method: 'POST', url: '/users/session' }).then(
    (data) => data.user,
  );
  refreshing ??= answer
    .then((user) => user !== null)
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return answer;
}

/** Calls whose 401 is an answer about the credentials, never an expired session to refresh. */
const AUTH_CALLS = ['/users/login', '/users/refresh-token', '/users/passkeys/sign-in'];

function isAuthCall(url: string | undefined): boolean {
  return !!url && AUTH_CALLS.some((prefix) => url.startsWith(prefix));
}

/** Calls the API and returns the envelope's `data`. */
export async function request<T>(config: AxiosRequestConfig): Promise<T> {
  const send = () =>
    config.onUploadProgress || config.onDownloadProgress
      ? viaAxios<T>(config)
      : viaFetch<T>(config);
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || isAuthCall(config.url)) throw error;
    if (await refreshSession()) return send();
    expiredListeners.forEach((l) => l());
    throw error;
  }
}

/**
 * A list whose data is a bare array (API.md's shape for playlists, tweets and subscriptions): its
 * rows and the total over all pages, which the server sends in the X-Total-Count header. Without
 * the header (an older server) the total is the rows received.
 */
export async function requestList<T>(
  config: AxiosRequestConfig,
): Promise<{ items: T[]; total: number }> {
  const send = () => viaFetchWithHeaders<T[]>(config);
  let answer: { data: T[]; headers: Headers };
  try {
    answer = await send();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    if (!(await refreshSession())) {
      expiredListeners.forEach((l) => l());
      throw error;
    }
    answer = await send();
  }
  const total = Number(answer.headers.get(TOTAL_COUNT_HEADER));
  return {
    items: answer.data,
    total:
      Number.isFinite(total) && answer.headers.has(TOTAL_COUNT_HEADER) ? total : answer.data.length,
  };
}
