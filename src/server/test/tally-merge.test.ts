import { describe, expect, it } from 'vitest';
import { merge, type Occurrence } from '../../../scripts/tally-merge.mjs';

// What scripts/tally-reporter.mjs writes for one test of src/server/storage/file-store.test.ts's
// external S3 block, without TEST_S3_ENDPOINT, in each project: it belongs to api-pglite, which
// skips it for want of the endpoint; api-postgres skips it as another project's test.
const file = 'src/server/storage/file-store.test.ts > FileStore contract: s3 at TEST_S3_ENDPOINT';
const pglite: Occurrence = {
  project: 'api-pglite',
  name: `${file} (SKIPPED: TEST_S3_ENDPOINT is not set) > streams 12 MB in and out byte for byte`,
  state: 'skipped',
  reason: 'TEST_S3_ENDPOINT is not set',
};
const postgres: Occurrence = {
  project: 'api-postgres',
  name: `${file} (runs in api-pglite) > streams 12 MB in and out byte for byte`,
  state: 'skipped',
  elsewhere: 'api-pglite',
};

describe("the test script's count of a test over its projects", () => {
  it('gives the reason a project skipped with, whichever project reported first', () => {
    for (const order of [
      [pglite, postgres],
      [postgres, pglite],
    ]) {
      expect(merge(order)).toEqual({
        state: 'skipped',
        name: `${file} > streams 12 MB in and out byte for byte [api-pglite]`,
        reason: 'TEST_S3_ENDPOINT is not set',
      });
    }
  });

  it('counts a test run where it belongs as passed, and one that ran nowhere as skipped there', () => {
    expect(merge([{ ...pglite, state: 'passed', reason: undefined }, postgres])).toEqual({
      state: 'passed',
    });
    expect(merge([{ ...postgres }])).toMatchObject({
      state: 'skipped',
      reason: 'runs in api-pglite, which did not run',
    });
    expect(merge([{ ...pglite, reason: undefined }])).toMatchObject({ state: 'failed' });
    expect(merge([pglite, { ...postgres, state: 'failed' }])).toMatchObject({ state: 'failed' });
  });
});
