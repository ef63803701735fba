import type { LookupFunction } from 'node:net';
import type { ResolvedTarget } from './ssrf';

// Node's HTTP client modules taken at the first delivery, not imported: an ESM import of
// `node:http` builds its namespace from every export, and the lazy `WebSocket` getter among them
// loads Node's bundled undici for good, about 2 MB resident (docs/decisions/012).
const httpModule = () => process.getBuiltinModule('node:http');
const httpsModule = () => process.getBuiltinModule('node:https');

export const DELIVERY_TIMEOUT_MS = 10_000;
const EXCERPT_BYTES = 1024;

export interface SendResult {
  statusCode: number | null;
  durationMs: number;
  response: string | null;
  error: string | null;
}

/**
 * One POST to the checked address (the connection goes to the address that passed the SSRF check,
 * not to a fresh DNS answer). Redirects are not followed: a 3xx is simply a failed attempt.
 * Only the first KB of the answer is kept, for the delivery history.
 */
export function postWebhook(
  target: ResolvedTarget,
  headers: Record<string, string>,
  body: string,
  timeoutMs = DELIVERY_TIMEOUT_MS,
): Promise<SendResult> {
  const started = performance.now();
  const lookup: LookupFunction = (_host, opts, cb) => {
    if (opts.all)
      (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    else cb(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? httpsModule() : httpModule();
  return new Promise((resolve) => {
    let settled = false;
    const done = (r: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, durationMs: Math.round(performance.now() - started) });
    };
    const req = client.request(
      target.url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < EXCERPT_BYTES) chunks.push(c);
          size += c.length;
        });
        res.on('end', () =>
          done({
            statusCode: res.statusCode ?? null,
            response: Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8') || null,
            error: null,
          }),
        );
        res.on('error', (err) =>
          done({ statusCode: res.statusCode ?? null, response: null, error: err.message }),
        );
      },
    );
    const timer = setTimeout(() => {
      done({ statusCode: null, response: null, error: `No answer within ${timeoutMs / 1000} s` });
      req.destroy();
    }, timeoutMs);
    req.on('error', (err) => done({ statusCode: null, response: null, error: err.message }));
    req.end(body);
  });
}
