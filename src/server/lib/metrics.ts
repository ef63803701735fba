import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics (served by plugins/metrics.ts at GET /metrics when METRICS_TOKEN
 * is set). Counters live at module level so the places that count (the job worker, the upload
 * preflight) need no handle; incrementing one costs nanoseconds whether or not anyone scrapes.
 */
export const metricsRegistry = new Registry();

let defaultsOn = false;
/**
 * Process memory, CPU, event-loop delay (p50…p99, from perf_hooks), handles: once per process.
 * prom-client names three gauges `nodejs_active_{handles,requests,resources}_total`, a counter's
 * suffix (`promtool check metrics` warns): those three are left out.
 */
export function collectProcessMetrics(): void {
  if (defaultsOn) return;
  defaultsOn = true;
  collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 20 });
  // prom-client also serves each by type (`nodejs_active_handles{type}`, …): sum those for a total.
  for (const what of ['handles', 'requests', 'resources'])
    metricsRegistry.removeSingleMetric(`nodejs_active_${what}_total`);
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const LONG_SECONDS = [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600];

export const httpRequests = new Counter({
  name: 'ppp_http_requests_total',
  help: 'HTTP requests answered, by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});
export const httpDuration = new Histogram({
  name: 'ppp_http_request_duration_seconds',
  help: 'Time from request received to answer sent, by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: SECONDS,
  registers: [metricsRegistry],
});

/**
 * Outcome of each job run (kind: mail, webhook.deliver, import…): done, retry (failed, will run
 * again), failed (for good), deferred (put back without using an attempt), or what a handler says
 * it was (a storefront delivery refused by the instance: `refused`; its import ended in ERROR: `failed`).
 */
export const jobRuns = new Counter({
  name: 'ppp_job_runs_total',
  help: 'Queued jobs run by this process, by kind and outcome (done, retry, failed, deferred)',
  labelNames: ['kind', 'outcome'] as const,
  registers: [metricsRegistry],
});
export const jobDuration = new Histogram({
  name: 'ppp_job_duration_seconds',
  help: 'How long one job run took, by kind (an import is one job: its whole run)',
  labelNames: ['kind'] as const,
  buckets: LONG_SECONDS,
  registers: [metricsRegistry],
});
export const preflightDuration = new Histogram({
  name: 'ppp_preflight_duration_seconds',
  help: 'Upload preflight time per file, by type (pdf, photo) and outcome (checked, refused)',
  labelNames: ['type', 'outcome'] as const,
  buckets: SECONDS,
  registers: [metricsRegistry],
});

/** Read from the database at each scrape (plugins/metrics.ts): what the whole portal holds, not this process. */
export const jobQueue = new Gauge({
  name: 'ppp_job_queue_depth',
  help: 'Jobs waiting (pending or running), by kind and status',
  labelNames: ['kind', 'status'] as const,
  registers: [metricsRegistry],
});
export const jobQueueAge = new Gauge({
  name: 'ppp_job_queue_oldest_age_seconds',
  help: 'Age of the oldest due job still waiting (pending with run_at passed, or running), by kind',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});
export const deliveries = new Gauge({
  name: 'ppp_deliveries',
  help: 'Deliveries held in the database by channel (webhook, mail) and outcome (pending, succeeded, failed)',
  labelNames: ['channel', 'outcome'] as const,
  registers: [metricsRegistry],
});
/** Storefront imports (docs/storefront.md) finished by this process, by target and outcome (ok, error). */
export const storefrontImports = new Counter({
  name: 'ppp_storefront_imports_total',
  help: 'Storefront imports finished by this process, by target and outcome (ok, error)',
  labelNames: ['target', 'outcome'] as const,
  registers: [metricsRegistry],
});
/** Read from the database at each scrape: patterns waiting per target, and how long the oldest has waited. */
export const storefrontWaiting = new Gauge({
  name: 'ppp_storefront_pending_patterns',
  help: 'Patterns waiting to reach a storefront target (staging, production)',
  labelNames: ['target'] as const,
  registers: [metricsRegistry],
});
export const storefrontWaitingAge = new Gauge({
  name: 'ppp_storefront_pending_oldest_age_seconds',
  help: 'Age of the oldest change waiting to reach a storefront target (0 when none waits)',
  labelNames: ['target'] as const,
  registers: [metricsRegistry],
});
export const dbPool = new Gauge({
  name: 'ppp_db_pool_connections',
  help: "This process's database connections by state (total, idle, waiting: queries queued for a connection); PGlite is one connection",
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
});
