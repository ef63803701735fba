import { afterEach, vi } from 'vitest';

// A console.error in a test fails it (docs/conventions.md rule 7).
const spy = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = spy.mock.calls;
  if (calls.length) {
    const first = calls.map((c) => c.map(String).join(' ')).join('\n');
    spy.mockClear();
    throw new Error(`console.error was called:\n${first}`);
  }
});
