import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, dbKind, type TestApp } from './test/helper';
import { ERROR_CODES } from '../shared/errors';

/**
 * What docs/conventions.md rule 4 and docs/architecture.md promise of every route, proven on the whole app rather than per feature: an
 * unknown failure answers 500 `{ message, code }` with a reference and nothing of the error, and is
 * logged with the request id; the security headers; the caching of the built web app.
 */

const SECRET = 'db password hunter2 at /srv/secret/path.ts:12';
const FORCE = 'x-test-force-500';
const routes: { method: string; url: string }[] = [];

/** Every route throws an unknown error before its own validation when the test asks (one hook per route). */
function forceFailures(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routes.push({ method, url: route.url });
    const existing = route.preValidation ? [route.preValidation].flat() : [];
    route.preValidation = [
      async (request) => {
        if (request.headers[FORCE]) throw new TypeError(SECRET);
      },
      ...existing,
    ];
  });
}

/** A built web app as `npm run build` lays it out: index.html, hashed assets (with .br copies), public files. */
function fakeWebRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-web-'));
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Portal</title>');
  fs.writeFileSync(path.join(root, 'assets', 'index-AbC123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(root, 'assets', 'index-AbC123.js.br'), 'brotli bytes');
  fs.writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return root;
}

describe(`the whole app (${dbKind})`, () => {
  let t: TestApp;
  let webRoot: string;
  const logLines: Record<string, unknown>[] = [];
  /** An admin's session passes every route's declared access (checked before preValidation). */
  let admin: Record<string, string>;
  beforeAll(async () => {
    webRoot = fakeWebRoot();
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean))
          logLines.push(JSON.parse(line));
        done();
      },
    });
    t = await createTestApp(
      {},
      { logger: pino({ level: 'info' }, sink), webRoot, beforeRoutes: forceFailures },
    );
    admin = (await createUser(t, { role: 'admin', brand: null })).auth;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, 'x');

  it('registers the routes the test forces (every feature is in the app)', () => {
    const urls = routes.map((r) => r.url);
    for (const prefix of [
      '/api/health',
      '/api/auth/',
      '/api/brands',
      '/api/users',
      '/api/patterns',
      '/api/files/',
      '/api/contact/support',
      '/api/newsletter',
      '/app/*',
    ]) {
      expect(
        urls.some((u) => u.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
    expect(routes.length).toBeGreaterThan(40);
  });

  it('answers an unknown failure on every route with 500 { message, code }, a reference and nothing of the error', async () => {
    const leaks: string[] = [];
    for (const r of routes) {
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: concrete(r.url),
        headers: { ...admin, [FORCE]: '1' },
      });
      const where = `${r.method} ${r.url}`;
      expect(res.statusCode, where).toBe(500);
      expect(res.headers['content-type'], where).toMatch(/^application\/json/);
      const body = res.json();
      expect(Object.keys(body).sort(), where).toEqual(['code', 'message']);
      expect(body.code, where).toBe(ERROR_CODES.internal);
      expect(body.message, where).toMatch(/^Something went wrong \(ref [0-9a-f]{8}\)$/);
      for (const bit of ['hunter2', 'TypeError', '/srv/', 'secret', ' at ', '.ts:'])
        if (res.body.includes(bit)) leaks.push(`${where}: ${bit}`);
    }
    expect(leaks).toEqual([]);
  });

  it('logs the failure once, with the same reference, the error and the request id it came with', async () => {
    const res = await t.app.inject({
      url: '/api/brands',
      headers: { ...admin, [FORCE]: '1', 'x-request-id': 'req-from-proxy-42' },
    });
    const ref = /ref ([0-9a-f]{8})/.exec(res.json().message)![1];
    const logged = logLines.filter((l) => l.ref === ref);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 50,
      reqId: 'req-from-proxy-42',
      msg: 'unhandled error',
      err: { type: 'TypeError', message: SECRET },
    });
    // Without the header, the app gives the request an id of its own, and still logs it.
    const again = await t.app.inject({
      url: '/api/brands',
      headers: { ...admin, [FORCE]: '1' },
    });
    const ref2 = /ref ([0-9a-f]{8})/.exec(again.json().message)![1];
    expect(ref2).not.toBe(ref);
    expect(logLines.find((l) => l.ref === ref2)?.reqId).toEqual(expect.any(String));
  });

  it('takes a request id only in a safe shape, and makes its own for any other', async () => {
    for (const sent of [
      'x'.repeat(65),
      'a b',
      '<script>alert(1)</script>',
      'id"with"quotes',
      'é',
    ]) {
      const res = await t.app.inject({
        url: '/api/brands',
        headers: { ...admin, [FORCE]: '1', 'x-request-id': sent },
      });
      expect(res.headers['x-request-id'], sent).toMatch(/^[0-9a-f]{16}$/);
      const ref = /ref ([0-9a-f]{8})/.exec(res.json().message)![1];
      expect(logLines.find((l) => l.ref === ref)?.reqId, sent).toBe(res.headers['x-request-id']);
    }
    const kept = await t.app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'lb-7f3a:9.1_x-Z' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a:9.1_x-Z');
  });

  it('has no /metrics without METRICS_TOKEN: 404, not the web app', async () => {
    for (const url of ['/metrics', '/metrics?x=1', '/metrics/']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.body, url).not.toContain('<title>Portal</title>');
    }
  });

  it('sends the security headers on API answers, pages and errors', async () => {
    for (const url of [
      '/api/health',
      '/app/dashboard',
      '/api/no-such-route',
      '/app/assets/index-AbC123.js',
    ]) {
      const res = await t.app.inject({ url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("img-src 'self' data: blob:");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).toContain("frame-ancestors 'self'");
      // Styles may be inline (helmet's default, for the style attributes React writes); scripts never.
      expect(csp.split(';').find((d) => d.startsWith('script-src '))).toBe("script-src 'self'");
      expect(csp, url).toContain("script-src-attr 'none'");
      expect(res.headers, url).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'strict-transport-security': expect.stringContaining('max-age='),
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
      });
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('caches hashed assets for a year and revalidates everything else of the web app', async () => {
    const asset = await t.app.inject({ url: '/app/assets/index-AbC123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const brotli = await t.app.inject({
      url: '/app/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    for (const url of ['/app/favicon.svg', '/app/dashboard', '/app/patterns/12/sizes']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await t.app.inject({ url: '/app/patterns/12' })).body).toContain(
      '<title>Portal</title>',
    );
    expect((await t.app.inject({ url: '/' })).headers.location).toBe('/app/');
  });
});
