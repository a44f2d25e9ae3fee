/**
 * Toasts without putting react-toastify into the first bundle: the library (and its container,
 * see toasts.tsx) load on demand. react-toastify queues toasts shown before a container mounts.
 */
import type * as ReactToastify from 'react-toastify';

type Toastify = typeof ReactToastify;

let loading: Promise<Toastify> | null = null;
export const loadToastify = (): Promise<Toastify> => (loading ??= import('react-toastify'));

function show(kind: 'success' | 'error' | 'info', message: string): void {
  void loadToastify().then(({ toast }) => toast[kind](message));
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};
