import { afterEach, beforeEach, vi } from 'vitest';
import { act, cleanup } from '@testing-library/react';
import { toast as toastify } from 'react-toastify';
import { queryClient } from '../lib/query-client';

// A console.error in a component test fails it (docs/conventions.md rule 7): React reports its own
// mistakes (missing keys, act warnings, failed renders) there.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error in a component test: ${args.map(String).join(' ')}`);
  });
});

// Files share their worker's modules (vitest.config.ts: `isolate: false`), so what the app keeps
// in modules is emptied after each test: the toasts (react-toastify's store outlives a container),
// and the app's one query client.
afterEach(() => {
  act(() => void toastify.dismiss());
  cleanup();
  queryClient.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals(); // the fake API's fetch (fake-api.ts)
  localStorage.clear(); // the session renderRoute wrote
});
