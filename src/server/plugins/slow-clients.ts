import fp from 'fastify-plugin';

/**
 * Slow clients are cut (issue 11: 35 connections with unfinished headers or trickling uploads
 * stayed open for a minute). Values are in docs/configuration.md.
 * - headers must arrive within `headersMs`;
 * - a request must be received whole within `requestMs` (the largest submission at the minimum rate fits);
 * - a kept-alive socket with no request is closed after `keepAliveMs` (an idle timer on every socket
 *   would also cut requests the server is still working on, such as a queued sign-in);
 * - while a request body is still arriving it must average `minBytesPerSecond` over each
 *   `rateWindowMs`; measured on the socket, so it never reads the body itself.
 */
export interface SlowClientLimits {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
  minBytesPerSecond: number;
  rateWindowMs: number;
}

export const SLOW_CLIENT_LIMITS: SlowClientLimits = {
  headersMs: 10_000,
  requestMs: 10 * 60_000,
  keepAliveMs: 30_000,
  minBytesPerSecond: 10 * 1024,
  rateWindowMs: 10_000,
};

export const slowClientsPlugin = fp<{ limits: SlowClientLimits }>(async (app, { limits }) => {
  // headersMs, requestMs and keepAliveMs are set on the server in app.ts (they must be known when it is created).
  app.addHook('onRequest', async (request) => {
    const raw = request.raw;
    const hasBody =
      Number(raw.headers['content-length'] ?? 0) > 0 ||
      raw.headers['transfer-encoding'] !== undefined;
    const socket = raw.socket;
    if (!hasBody || !socket || raw.complete) return;
    let last = socket.bytesRead;
    const timer = setInterval(() => {
      if (raw.complete || raw.destroyed) {
        clearInterval(timer);
        return;
      }
      const read = socket.bytesRead - last;
      last = socket.bytesRead;
      if (read < (limits.minBytesPerSecond * limits.rateWindowMs) / 1000) {
        clearInterval(timer);
        request.log.info(
          { bytesInWindow: read },
          'request body arriving below the minimum rate: connection closed',
        );
        socket.destroy();
      }
    }, limits.rateWindowMs);
    timer.unref();
    raw.once('close', () => clearInterval(timer));
  });
});
