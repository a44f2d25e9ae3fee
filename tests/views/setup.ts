import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Pages are lazy chunks that vitest transforms on first use: allow for that in findBy*/waitFor.
configure({ asyncUtilTimeout: 5000 });
// A whole-app render with user-event typing is slow in jsdom on a 2-core machine.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  // What a form keeps over a reload (the sign-up draft) must not leak into the next test.
  window.sessionStorage.clear();
});
