import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, vi } from 'vitest';
import { releaseRefreshSlot } from '../../src/api/client';
import { forgetWatchSources } from '../../src/api/watch-source';

// Pages are lazy chunks that vitest transforms on first use: allow for that in findBy*/waitFor.
// A page's first test in a file run alone took 6 to 16 s on a busy 2-core machine (channel-page).
configure({ asyncUtilTimeout: 15_000 });
// A whole-app render with user-event typing is slow in jsdom on a 2-core machine.
vi.setConfig({ testTimeout: 30_000 });

// The files of this project share one module graph (isolate: false in vite.config.ts): what a
// test leaves in a module or in storage must not reach the next test, in this file or another.
afterEach(() => {
  cleanup();
  // A toast raised after its container unmounted waits in react-toastify's queue for the next
  // container; with none mounted, dismiss() empties that queue.
  toast.dismiss();
  // What a form keeps over a reload (the sign-up draft) and what the player remembers per browser.
  window.sessionStorage.clear();
  window.localStorage.clear();
  // A session or refresh call a test left unanswered would hold every later 401's refresh.
  releaseRefreshSlot();
  // Where the last watch came from, which a retried watch call of the same video reuses.
  forgetWatchSources();
});
