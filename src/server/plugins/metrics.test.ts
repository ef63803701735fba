import { execFileSync, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { createTestApp, createUser, dbKind, type TestApp } from '../test/helper';
import { samplePng } from '../test/sample-files';
import { patternData, postSubmission, sizePdfParts, submissionForm } from '../test/submission';
import { enqueueJob, startJobWorker } from '../jobs/outbox';
import { createLogger } from '../lib/logger';
import { MAIL_JOB } from '../mail/mail-job';
import { sql } from 'drizzle-orm';

const TOKEN = 'metrics-token-for-the-test-0123456789';

describe(`GET /metrics (${dbKind})`, () => {
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      { METRICS_TOKEN: TOKEN },
      // No mail worker: the test's queued mail stays waiting for the queue gauges.
      { logTo: (l) => lines.push(JSON.parse(l) as Record<string, unknown>), workers: [] },
    );
  });
  afterAll(() => t.close());

  let text = '';
  const scrape = async () => {
    const res = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    text = res.body;
    return parsePrometheusTextFormat(res.body);
  };
  type Families = Awaited<ReturnType<typeof scrape>>;
  /**
   * One series of a labelled histogram. The parser folds a histogram family's series into one
   * (its flattenMetrics keeps no labels), so it is given that series alone, labels taken off.
   */
  const histogram = (name: string, labels: Record<string, string>) => {
    const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
    const series = text
      .split('\n')
      .filter((l) => l.startsWith(`${name}_`) && wanted.every((w) => l.includes(w)))
      .map((l) =>
        l.replace(/\{([^}]*)\}/, (_, inner: string) => {
          const le = /le="[^"]*"/.exec(inner);
          return le ? `{${le[0]}}` : '';
        }),
      );
    const [fam] = parsePrometheusTextFormat(
      [`# HELP ${name} x`, `# TYPE ${name} histogram`, ...series, ''].join('\n'),
    );
    return fam?.metrics[0];
  };
  const sample = (fams: Families, name: string, labels: Record<string, string>) =>
    fams
      .find((f) => f.name === name)
      ?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));

  it('is refused without the bearer token, and absent when METRICS_TOKEN is not set', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(wrong.body).not.toContain('ppp_');
    const off = await createTestApp();
    try {
      const res = await off.app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('after some traffic, parses as Prometheus text with requests by route and status, jobs, deliveries, preflight, pool, memory and event-loop delay', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 3; i++)
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/patterns/987654', headers: user.auth })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: '/api/patterns/987655', headers: user.auth })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/api/patterns' })).statusCode).toBe(401);
    // A pattern with a size PDF and a photo: both through the upload preflight.
    const up = await postSubmission(
      t,
      user,
      submissionForm(patternData(user.brandId!, 'METRICS-1'), [
        ...sizePdfParts(1),
        ['Main_Hero_Image', samplePng(40, 30), 'hero.png', 'image/png'],
      ]),
    );
    expect(up.statusCode).toBe(201);
    // Queued work: one mail due an hour ago (waiting), one job run by a worker.
    await enqueueJob(t.deps.database.db, {
      kind: MAIL_JOB,
      payload: { to: 'x@example.com', subject: 's', text: 't' },
      runAt: new Date(Date.now() - 3600_000),
    });
    await enqueueJob(t.deps.database.db, { kind: 'metrics.test', payload: {} });
    const worker = startJobWorker({
      db: t.deps.database.db,
      log: createLogger('silent'),
      handlers: [{ kind: 'metrics.test', handle: async () => undefined }],
      autoStart: false,
    });
    expect(await worker.runOnce()).toBe(1);
    await worker.stop();

    const fams = await scrape();
    const health = sample(fams, 'ppp_http_requests_total', {
      method: 'GET',
      route: '/api/health',
      status: '200',
    });
    expect(Number(health?.value)).toBeGreaterThanOrEqual(3);
    // One series per route template, not per id.
    expect(
      sample(fams, 'ppp_http_requests_total', { route: '/api/patterns/:id', status: '404' })?.value,
    ).toBe('2');
    expect(
      sample(fams, 'ppp_http_requests_total', { route: '/api/patterns', status: '401' })?.value,
    ).toBe('1');
    expect(
      fams
        .find((f) => f.name === 'ppp_http_requests_total')!
        .metrics.some((m) => m.labels?.route?.includes('987654')),
    ).toBe(false);
    const duration = histogram('ppp_http_request_duration_seconds', {
      route: '/api/health',
      status: '200',
    });
    expect(fams.find((f) => f.name === 'ppp_http_request_duration_seconds')?.type).toBe(
      'HISTOGRAM',
    );
    expect(Number(duration?.count)).toBeGreaterThanOrEqual(3);
    expect(Number(duration?.buckets?.['+Inf'])).toBe(Number(duration?.count));

    expect(
      Number(sample(fams, 'ppp_job_queue_depth', { kind: MAIL_JOB, status: 'pending' })?.value),
    ).toBeGreaterThanOrEqual(1);
    expect(
      Number(sample(fams, 'ppp_job_queue_oldest_age_seconds', { kind: MAIL_JOB })?.value),
    ).toBeGreaterThanOrEqual(3599);
    expect(
      Number(sample(fams, 'ppp_deliveries', { channel: 'mail', outcome: 'pending' })?.value),
    ).toBeGreaterThanOrEqual(1);
    expect(
      Number(sample(fams, 'ppp_job_runs_total', { kind: 'metrics.test', outcome: 'done' })?.value),
    ).toBe(1);
    expect(Number(histogram('ppp_job_duration_seconds', { kind: 'metrics.test' })?.count)).toBe(1);
    expect(
      Number(
        histogram('ppp_preflight_duration_seconds', { type: 'photo', outcome: 'checked' })?.count,
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      Number(
        histogram('ppp_preflight_duration_seconds', { type: 'pdf', outcome: 'checked' })?.count,
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      Number(sample(fams, 'ppp_db_pool_connections', { state: 'total' })?.value),
    ).toBeGreaterThanOrEqual(1);
    expect(Number(sample(fams, 'process_resident_memory_bytes', {})?.value)).toBeGreaterThan(0);
    expect(Number(sample(fams, 'nodejs_heap_size_used_bytes', {})?.value)).toBeGreaterThan(0);
    expect(fams.some((f) => f.name === 'nodejs_eventloop_lag_p99_seconds')).toBe(true);
    // The scrape itself is not counted.
    expect(sample(fams, 'ppp_http_requests_total', { route: '/metrics' })).toBeUndefined();
    // Storefront: each target's waiting patterns and oldest wait, 0 rather than absent.
    for (const target of ['staging', 'production'])
      for (const name of [
        'ppp_storefront_pending_patterns',
        'ppp_storefront_pending_oldest_age_seconds',
      ])
        expect(sample(fams, name, { target })?.value).toBe('0');
    // A queue gauge seen once reads 0 when its jobs are gone, rather than disappearing.
    await t.deps.database.db.execute(sql`DELETE FROM jobs WHERE kind = ${MAIL_JOB}`);
    const after = await scrape();
    expect(sample(after, 'ppp_job_queue_depth', { kind: MAIL_JOB, status: 'pending' })?.value).toBe(
      '0',
    );
    expect(sample(after, 'ppp_job_queue_oldest_age_seconds', { kind: MAIL_JOB })?.value).toBe('0');
  });

  it("passes `promtool check metrics` (Prometheus's own linter), when promtool is installed", async () => {
    await scrape();
    if (spawnSync('promtool', ['--version']).error) return; // not installed: the names follow the rules by review
    const out = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect(`${out.stdout}${out.stderr}`.trim()).toBe('');
    expect(out.status).toBe(0);
    expect(() => execFileSync('promtool', ['--version'])).not.toThrow();
  });

  it("names each answer's request id, which every log line of that request carries", async () => {
    lines.length = 0;
    const res = await t.app.inject({ url: '/api/no-such-route' });
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    const mine = lines.filter((l) => l.req || l.res || l.responseTime !== undefined);
    expect(mine.length).toBeGreaterThanOrEqual(2); // "incoming request", "request completed"
    for (const l of mine) expect(l.reqId).toBe(id);
    const other = await t.app.inject({ url: '/api/health' });
    expect(other.headers['x-request-id']).not.toBe(id);
  });
});
