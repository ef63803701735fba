import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { createTestApp, createUser, dbKind, type TestApp, type TestUser } from '../test/helper';
import { SLOW_CLIENT_LIMITS } from './slow-clients';

/** Issue 11: unfinished headers and trickling uploads are cut instead of holding a connection. */
describe(`slow clients are cut (${dbKind})`, () => {
  let t: TestApp;
  let app: App;
  let user: TestUser;
  let port: number;
  // The production values, shortened so the test takes seconds (the rules are the same).
  const limits = {
    ...SLOW_CLIENT_LIMITS,
    headersMs: 1000,
    minBytesPerSecond: 10 * 1024,
    rateWindowMs: 1000,
  };
  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t);
    app = await buildApp(t.deps, { slowClients: limits });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  /**
   * Opens a socket, writes `start`, then `trickle` one byte every `everyMs` (seconds longer than the
   * limits above; Node's own timeouts are a minute and more); answers whether the server closed it
   * before the client gave up (after 15 s), and what it answered.
   */
  function slowClient(
    start: string,
    trickle = '',
    everyMs = 200,
  ): Promise<{ closedByServer: boolean; answer: string }> {
    return new Promise((resolve) => {
      let gaveUp = false;
      let answer = '';
      const socket = net.connect(port, '127.0.0.1', () => socket.write(start));
      let i = 0;
      const timer = setInterval(() => {
        if (i < trickle.length && !socket.destroyed) socket.write(trickle.charAt(i++));
      }, everyMs);
      socket.on('data', (d) => (answer += d.toString()));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ closedByServer: !gaveUp, answer });
      });
      setTimeout(() => {
        gaveUp = true;
        socket.destroy();
      }, 15_000);
    });
  }

  it('closes a connection whose headers never finish', async () => {
    const r = await slowClient(
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ',
      'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    );
    expect(r.closedByServer).toBe(true);
  });

  it('closes an upload that trickles below the minimum rate', async () => {
    const boundary = 'xBOUNDARYx';
    const head =
      `POST /api/auth/update-user HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${user.token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 100000\r\n\r\n--${boundary}\r\n` +
      'Content-Disposition: form-data; name="profile_pic"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n';
    const r = await slowClient(head, 'x'.repeat(200), 50);
    expect(r.closedByServer).toBe(true);
  });

  it('lets a normal request through', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});
