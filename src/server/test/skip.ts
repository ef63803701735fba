/**
 * Vitest keeps no reason for `skipIf`, and a skip nobody can read hides a missing service. These put
 * the reason in the title, where scripts/test.mjs (through scripts/tally-reporter.mjs) reads and prints it:
 *   describe.skipIf(!redis)(`redis counter${skipReason(!redis && 'Redis at … did not answer')}`, …)
 */
export function skipReason(reason: string | false | undefined | null): string {
  return reason ? ` (SKIPPED: ${reason.replace(/[()]/g, '')})` : '';
}

/**
 * For a test that runs in one Vitest project only (say, storage tests that do not depend on the
 * database): in the other project it is not a skip, and the totals count it once, where it ran.
 */
export function runsIn(project: 'api-pglite' | 'api-postgres', here: boolean): string {
  return here ? '' : ` (runs in ${project})`;
}
