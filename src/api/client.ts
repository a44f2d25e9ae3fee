/**
 * The one HTTP client of the SPA. Unwraps the API envelope (callers get `data`), turns failures
 * into ApiError with the server's message, and on a 401 refreshes the session once (shared by
 * concurrent requests) and retries, so a 15-minute access token never signs a user out.
 */
import type { AxiosError } from 'axios';
import axios, { type AxiosRequestConfig } from 'axios';
import type { ApiEnvelope } from '../../contract/common';

export const API_BASE = '/api/v1';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const http = axios.create({ baseURL: API_BASE, withCredentials: true });

let refreshing: Promise<boolean> | null = null;

type Listener = () => void;
let expiredListeners: Listener[] = [];

/** Called when a call is refused with 401 even after a refresh: the session is gone. */
export function onSessionExpired(listener: Listener): () => void {
  expiredListeners = [...expiredListeners, listener];
  return () => {
    expiredListeners = expiredListeners.filter((l) => l !== listener);
  };
}

/** Rotates the session cookies; true when the session is still alive. */
function refreshSession(): Promise<boolean> {
  refreshing ??= http
    .post('/users/refresh-token', {}, { skipAuthRefresh: true } as AxiosRequestConfig)
    .then(() => true)
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

type RetriableConfig = AxiosRequestConfig & { skipAuthRefresh?: boolean; retried?: boolean };

http.interceptors.response.use(undefined, async (error: AxiosError<ApiEnvelope<null>>) => {
  const config = error.config as RetriableConfig | undefined;
  const status = error.response?.status ?? 0;
  const isAuthCall =
    config?.url?.startsWith('/users/login') || config?.url?.startsWith('/users/refresh-token');
  if (status === 401 && config && !config.skipAuthRefresh && !config.retried && !isAuthCall) {
    if (await refreshSession())
      return http.request({ ...config, retried: true } as RetriableConfig);
    expiredListeners.forEach((l) => l());
  }
  const message =
    error.response?.data?.message ??
    (status === 0 ? 'Network error: check your connection' : error.message);
  throw new ApiError(message, status);
});

/** Calls the API and returns the envelope's `data`. */
export async function request<T>(config: AxiosRequestConfig): Promise<T> {
  const response = await http.request<ApiEnvelope<T>>(config);
  return response.data.data;
}
