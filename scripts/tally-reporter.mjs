// Vitest reporter for scripts/test.mjs: writes every test of the run (with its project, its place in
// the source and why it was skipped) to the file named by TALLY_FILE, so the test script can count a
// test that runs on PGlite and on PostgreSQL once. Vitest keeps no reason for `skipIf`, so the reason
// rides in the title: `(SKIPPED: why)`, or `(runs in <project>)` for a test that belongs to another
// project (src/server/test/skip.ts writes both); `ctx.skip(note)` notes are read too.
import fs from 'node:fs';

const SKIPPED = /\(SKIPPED: ([^)]*)\)/;
const ELSEWHERE = /\(runs in ([^)]*)\)/;

export default class TallyReporter {
  onTestRunEnd(testModules, unhandledErrors) {
    const tests = [];
    const broken = [];
    const files = []; // [file, project, seconds]: scripts/test.mjs prints the slowest
    for (const mod of testModules) {
      const d = mod.diagnostic();
      files.push([
        mod.relativeModuleId,
        mod.project.name,
        (d.environmentSetupDuration +
          d.prepareDuration +
          d.collectDuration +
          d.setupDuration +
          d.duration) /
          1000,
      ]);
      const seen = new Map();
      for (const test of mod.children.allTests()) {
        const where = test.location
          ? `${test.location.line}:${test.location.column}`
          : test.fullName;
        const n = (seen.get(where) ?? 0) + 1; // rows of an .each share one place in the source
        seen.set(where, n);
        const result = test.result();
        const entry = {
          key: `${mod.relativeModuleId}:${where}#${n}`,
          project: mod.project.name,
          name: `${mod.relativeModuleId} > ${test.fullName}`,
          state: result.state,
        };
        // The first lines of why it failed: the run's summary repeats them (CI keeps only its tail).
        if (result.state === 'failed')
          entry.error = (result.errors ?? [])
            .map((e) =>
              String(e.message ?? e)
                .split('\n')
                .slice(0, 6)
                .join('\n'),
            )
            .join('\n')
            .slice(0, 1200);
        if (result.state === 'skipped') {
          const reason = test.fullName.match(SKIPPED)?.[1] ?? result.note;
          const elsewhere = test.fullName.match(ELSEWHERE)?.[1];
          if (reason) entry.reason = reason;
          else if (elsewhere) entry.elsewhere = elsewhere;
        }
        tests.push(entry);
      }
      // A file that failed to load (or failed in a hook outside any test) is a failure of its own.
      if (
        mod.state() === 'failed' &&
        [...mod.children.allTests()].every((t) => t.result().state !== 'failed')
      ) {
        broken.push(`${mod.project.name}: ${mod.relativeModuleId}`);
      }
    }
    fs.writeFileSync(
      process.env.TALLY_FILE,
      JSON.stringify({ tests, broken, files, unhandledErrors: unhandledErrors.length }),
    );
  }
}
