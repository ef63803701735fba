import { afterEach, expect } from 'vitest';
import { takePageErrors } from './browser';

// Every e2e test, in every file: an uncaught error or a console error in any page it opened fails it.
afterEach(() => {
  expect(takePageErrors(), 'errors in the page (uncaught, or console.error)').toEqual([]);
});
