// How scripts/test.mjs counts one test that ran in several projects (api-pglite, api-postgres): kept
// apart so that src/server/test/tally-merge.test.ts can check it (not itself a script to run).

/**
 * One test's outcome over the projects it ran in: a failure anywhere fails it; a real skip anywhere
 * skips it. A skip's reason is the one a project gave (`(SKIPPED: why)`); only when none gave one is
 * it "runs in <project>, which did not run", from a project the test does not belong to.
 */
export function merge(occurrences) {
  const failed = occurrences.find((o) => o.state === 'failed');
  if (failed)
    return {
      state: 'failed',
      name: failed.name + (occurrences.length > 1 ? ` [${failed.project}]` : ''),
      error: failed.error,
    };
  const ran = occurrences.filter((o) => o.state === 'passed');
  const skipped = occurrences.filter(
    (o) => o.state !== 'passed' && !(o.elsewhere && ran.length > 0),
  );
  if (skipped.length === 0 && ran.length > 0) return { state: 'passed' };
  // The project that says why it skipped, whatever order the projects reported in.
  const s = skipped.find((o) => o.reason) ?? skipped[0] ?? occurrences[0];
  const name = s.name.replace(/ \((SKIPPED|runs in)[^)]*\)/g, '');
  const reason =
    s.reason ?? (s.elsewhere ? `runs in ${s.elsewhere}, which did not run` : undefined);
  const where = occurrences.length > 1 ? ` [${s.project}]` : '';
  return reason
    ? { state: 'skipped', name: name + where, reason }
    : {
        state: 'failed',
        name: `${name}${where}: skipped without a reason (see src/server/test/skip.ts)`,
      };
}
