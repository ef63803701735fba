// Shared by the benchmarks (not itself a benchmark: bench.mjs runs only bench-*.mjs).

/**
 * Resolves once the portal at `base` answers /api/health; rejects if `child` exits first or the
 * portal is not up within `timeoutMs`.
 */
export async function waitUntilHealthy(base, { child, timeoutMs = 120_000, pollMs = 100 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error('the portal exited during start-up');
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`the portal did not start in ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
}
