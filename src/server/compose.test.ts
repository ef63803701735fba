import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

/**
 * Issue 49 item 7: compose.yaml as shipped is safe to start: images pinned by version, no
 * password written in it (they come from a .env the operator fills, .env.example lists them),
 * the MinIO console and Mailpit's inbox reachable from this machine only, and the portal given
 * longer to stop than its own 15 s shutdown.
 */
const root = path.resolve(import.meta.dirname, '../..');
interface Service {
  image?: string;
  build?: unknown;
  ports?: string[];
  environment?: Record<string, string>;
  entrypoint?: string[] | string;
  stop_grace_period?: string;
}
const compose = parse(fs.readFileSync(path.join(root, 'compose.yaml'), 'utf8')) as {
  services: Record<string, Service>;
};
const seconds = (d: string) =>
  [...d.matchAll(/(\d+)(h|m|s)/g)].reduce(
    (n, [, v, unit]) => n + Number(v) * { h: 3600, m: 60, s: 1 }[unit as 'h' | 'm' | 's'],
    0,
  );

describe('compose.yaml', () => {
  const services = Object.entries(compose.services);

  it('pins every image it pulls by version', () => {
    for (const [name, s] of services) {
      if (s.build) continue; // the portal's own image, built here
      expect(s.image, name).toMatch(/^[\w./-]+:[\w.-]+$/);
      expect(s.image, name).not.toMatch(/:(latest|stable|edge)$/);
      expect(s.image!.split(':')[1], name).toMatch(/\d/);
    }
  });

  it('writes no password: each comes from .env, which .env.example lists', () => {
    const text = fs.readFileSync(path.join(root, 'compose.yaml'), 'utf8');
    const example = fs.readFileSync(path.join(root, '.env.example'), 'utf8');
    const required = [...text.matchAll(/\$\{(\w+):\?[^}]*\}/g)].map((m) => m[1]);
    expect(required).toEqual(
      expect.arrayContaining(['POSTGRES_PASSWORD', 'S3_SECRET_ACCESS_KEY', 'SECRETS_KEY']),
    );
    for (const name of new Set(required))
      expect(example, name).toMatch(new RegExp(`^${name}=`, 'm'));
    for (const [name, s] of services) {
      for (const [key, value] of Object.entries(s.environment ?? {}))
        if (/PASSWORD|SECRET|TOKEN/.test(key))
          expect(String(value), `${name} ${key}`).toMatch(/^\$\{\w+:(\?|-\}$)/);
      const all = JSON.stringify(s);
      expect(all, name).not.toMatch(/password@|portal-db-password|portal-s3-password/);
    }
  });

  it('publishes the MinIO console and the Mailpit inbox on loopback only', () => {
    for (const [name, s] of services)
      for (const port of s.ports ?? []) {
        if (name === 'portal') continue;
        expect(port, name).toMatch(/^127\.0\.0\.1:/);
      }
    expect(compose.services.minio?.ports).toEqual(['127.0.0.1:9001:9001']);
    expect(compose.services.mailpit?.ports).toEqual(['127.0.0.1:8025:8025']);
  });

  it('gives the portal longer to stop than its 15 s shutdown', () => {
    expect(seconds(compose.services.portal?.stop_grace_period ?? '10s')).toBeGreaterThan(15);
  });
});

describe('Dockerfile', () => {
  const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');

  it('starts the server with the Node flags and environment npm start passes (scripts/server-flags.mjs)', async () => {
    const { SERVER_ENV, SERVER_NODE_FLAGS } = (await import(
      path.join(root, 'scripts/server-flags.mjs')
    )) as { SERVER_ENV: Record<string, string>; SERVER_NODE_FLAGS: string[] };
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(JSON.parse(cmd ?? '[]')).toEqual(['node', ...SERVER_NODE_FLAGS, 'dist/server/main.js']);
    for (const [name, value] of Object.entries(SERVER_ENV))
      expect(dockerfile).toMatch(new RegExp(`\\b${name}=${value}\\b`));
  });
});
