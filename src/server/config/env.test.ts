import { spawnSync } from 'node:child_process';
import Fastify from 'fastify';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PASSWORD_RULE } from '../../shared/contracts/common';
import { EnvError, databasePoolSize, fastifyTrustProxy, parseEnv } from './env';

/** Issue 11: the first admin cannot be given a password that sign-in then refuses. */
describe('ADMIN_PASSWORD and create-user follow the password rule', () => {
  const weak = 'correct horse battery staple';

  it('start-up stops with one line naming the variable and the rule, without echoing the password', () => {
    expect(() => parseEnv({ ADMIN_EMAIL: 'a@example.com', ADMIN_PASSWORD: weak })).toThrow(
      EnvError,
    );
    try {
      parseEnv({ ADMIN_PASSWORD: weak });
    } catch (err) {
      expect((err as Error).message).toBe(`Invalid configuration: ADMIN_PASSWORD ${PASSWORD_RULE}`);
      expect((err as Error).message).not.toContain(weak);
    }
    expect(
      parseEnv({ ADMIN_EMAIL: 'a@example.com', ADMIN_PASSWORD: 'Good-pass1' }).ADMIN_PASSWORD,
    ).toBe('Good-pass1');
  });

  it('create-user refuses it the same way before touching the database', () => {
    const cli = path.resolve(import.meta.dirname, '../cli/create-user.ts');
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', cli, '--email', 'x@example.com', '--password', weak],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe(`create-user: --password ${PASSWORD_RULE}`);
  }, 60_000);
});

/** Several server processes share one database: PostgreSQL's, never the embedded one (issue 15). */
describe('SERVER_PROCESSES', () => {
  it('is one process unless set, and above one needs DATABASE_URL', () => {
    expect(parseEnv({}).SERVER_PROCESSES).toBe(1);
    expect(() => parseEnv({ SERVER_PROCESSES: '2' })).toThrow(
      'Invalid configuration: SERVER_PROCESSES above 1 needs DATABASE_URL (the embedded database belongs to one process): set DATABASE_URL to a PostgreSQL database, or SERVER_PROCESSES to 1',
    );
    expect(
      parseEnv({ SERVER_PROCESSES: '2', DATABASE_URL: 'postgres://u@localhost/db' })
        .SERVER_PROCESSES,
    ).toBe(2);
    expect(() => parseEnv({ SERVER_PROCESSES: '0' })).toThrow(/SERVER_PROCESSES/);
  });
});

/** Issue 49 item 1: TRUST_PROXY names the proxies to believe, as Fastify's trustProxy takes them. */
describe('TRUST_PROXY', () => {
  const trust = (v: string) => parseEnv({ TRUST_PROXY: v }).TRUST_PROXY;

  it('takes false, a list of addresses and ranges (true: loopback and private ones) or a hop count', () => {
    expect(trust('false')).toBe(false);
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(trust('true')).toEqual(['loopback', 'linklocal', 'uniquelocal']);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.2, 172.16.0.0/12,::1')).toEqual(['10.0.0.2', '172.16.0.0/12', '::1']);
    for (const bad of ['yes', '10.0.0.300', '10.0.0.0/33', 'proxy.local', '-1', ','])
      expect(() => trust(bad), bad).toThrow(EnvError);
    expect(() => trust('yes')).toThrow(/TRUST_PROXY must be false, true \(proxies on loopback/);
  });

  it('gives the address the trusted proxies report, never an entry the client wrote', async () => {
    const ipWith = async (value: string, remoteAddress: string, xff: string) => {
      const app = Fastify({ trustProxy: fastifyTrustProxy(trust(value)) });
      app.get('/', (req) => ({ ip: req.ip }));
      const res = await app.inject({
        url: '/',
        remoteAddress,
        headers: { 'x-forwarded-for': xff },
      });
      await app.close();
      return res.json<{ ip: string }>().ip;
    };
    expect(await ipWith('true', '10.0.0.2', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await ipWith('2', '10.0.0.2', '6.6.6.6, 203.0.113.7, 10.0.0.3')).toBe('203.0.113.7');
    // A list: every listed proxy is skipped from the right, the first other address is the client.
    expect(await ipWith('10.0.0.0/8', '10.0.0.2', '6.6.6.6, 203.0.113.7, 10.0.0.3, 10.0.0.4')).toBe(
      '203.0.113.7',
    );
    // A peer that is not a listed proxy is the client itself, whatever it writes.
    expect(await ipWith('10.0.0.2', '198.51.100.1', '203.0.113.7')).toBe('198.51.100.1');
    expect(await ipWith('false', '198.51.100.1', '203.0.113.7')).toBe('198.51.100.1');
    expect(await ipWith('true', '198.51.100.1', '203.0.113.7')).toBe('198.51.100.1');
  });
});

describe('PUBLISHER_TIME_ZONE', () => {
  it('is UTC unless set (checked without Intl: ADR 012), and an unknown name stops start-up', () => {
    expect(parseEnv({}).PUBLISHER_TIME_ZONE).toBe('UTC');
    expect(parseEnv({ PUBLISHER_TIME_ZONE: 'Europe/London' }).PUBLISHER_TIME_ZONE).toBe(
      'Europe/London',
    );
    expect(() => parseEnv({ PUBLISHER_TIME_ZONE: 'Mars/Olympus' })).toThrow(
      /PUBLISHER_TIME_ZONE must be an IANA time zone name/,
    );
  });
});

describe('DATABASE_POOL_SIZE', () => {
  it('defaults to twice the cores (4 to 10) shared by the server processes, at least 2 each', () => {
    const env = parseEnv({ DATABASE_URL: 'postgres://localhost/x' });
    expect(databasePoolSize(env, 1)).toBe(4);
    expect(databasePoolSize(env, 2)).toBe(4);
    expect(databasePoolSize(env, 3)).toBe(6);
    expect(databasePoolSize(env, 64)).toBe(10);
    const two = parseEnv({ DATABASE_URL: 'postgres://localhost/x', SERVER_PROCESSES: '2' });
    expect(databasePoolSize(two, 2)).toBe(2);
    expect(databasePoolSize(two, 8)).toBe(5);
    expect(databasePoolSize({ ...two, SERVER_PROCESSES: 8 }, 2)).toBe(2);
  });

  it('is shared as set, and a value that is not a whole number of 1 or more stops start-up', () => {
    const set = (v: string, processes = '1') =>
      parseEnv({
        DATABASE_URL: 'postgres://localhost/x',
        DATABASE_POOL_SIZE: v,
        SERVER_PROCESSES: processes,
      });
    expect(databasePoolSize(set('12'), 2)).toBe(12);
    expect(databasePoolSize(set('12', '4'), 2)).toBe(3);
    expect(databasePoolSize(set('1'), 16)).toBe(1);
    expect(() => set('0')).toThrow(/DATABASE_POOL_SIZE .*\(got "0"\)/);
    expect(() => set('four')).toThrow(/DATABASE_POOL_SIZE .*\(got "four"\)/);
    expect(() => set('2.5')).toThrow(/DATABASE_POOL_SIZE/);
  });
});
