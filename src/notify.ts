/**
 * Toasts without putting react-toastify into the JavaScript that / loads: the library and its
 * container (toasts.tsx) are fetched when the first toast is shown. react-toastify queues toasts
 * raised before its container mounts, so none is lost.
 */
import { useSyncExternalStore } from 'react';
import type * as ReactToastify from 'react-toastify';

type Toastify = typeof ReactToastify;

let loading: Promise<Toastify> | null = null;
let needed = false;
let listeners: (() => void)[] = [];

function load(): Promise<Toastify> {
  if (!needed) {
    needed = true;
    listeners.forEach((l) => l());
  }
  return (loading ??= import('react-toastify'));
}

function show(kind: 'success' | 'error' | 'info', message: string): void {
  void load().then(({ toast }) => toast[kind](message));
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};

/**
 * The handler for an actor's `failed` event: the console keeps the detail for whoever debugs,
 * the toast tells the user.
 */
export function failureToast(what: string) {
  return ({ message }: { message: string }) => {
    console.error(`${what} failed:`, message);
    notify.error(message);
  };
}

/** True once any toast was requested: the app mounts the toast container from then on. */
export function useToastsNeeded(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners = [...listeners, listener];
      return () => {
        listeners = listeners.filter((l) => l !== listener);
      };
    },
    () => needed,
  );
}
