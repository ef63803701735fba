import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

// A console.error in a component test fails it (CONVENTIONS rule 7): React reports its own
// mistakes (missing keys, act warnings, failed renders) there.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error in a component test: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals(); // the fake API's fetch (fake-api.ts)
  localStorage.clear(); // the session renderRoute wrote
});
