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

/**
 * The toasts each form's attempt raised, by the form's topic ('sign-in', 'password', …): a new
 * attempt dismisses the last one's, so 'failed to login user' does not stay beside the later
 * 'successfully login' (issue 22). Toasts of one attempt (a save's two success toasts) stay.
 */
const shownByTopic = new Map<string, (string | number)[]>();

function show(kind: 'success' | 'error' | 'info', message: string, topic?: string): void {
  void load().then(({ toast }) => {
    const id = toast[kind](message);
    if (topic) shownByTopic.set(topic, [...(shownByTopic.get(topic) ?? []), id]);
  });
}

export const notify = {
  success: (message: string, topic?: string) => show('success', message, topic),
  error: (message: string, topic?: string) => show('error', message, topic),
  info: (message: string, topic?: string) => show('info', message, topic),
  /** A new attempt of `topic` begins: its earlier toasts are stale. */
  newAttempt(topic: string): void {
    const stale = shownByTopic.get(topic);
    if (!stale) return;
    shownByTopic.delete(topic);
    void load().then(({ toast }) => stale.forEach((id) => toast.dismiss(id)));
  },
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
    // A server-rendered page holds no toast (issue 35): the container comes with the first one.
    () => false,
  );
}
