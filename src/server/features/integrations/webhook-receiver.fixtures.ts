import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on 127.0.0.1 whose answer per request the test decides: a status code, or
 * 'hang' to hold the request open (a delivery in flight) until the receiver closes.
 */
export async function receiver(answer: (n: number, r: Received) => number | 'hang' = () => 200) {
  const got: Received[] = [];
  const hung: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const r = { headers: req.headers, body };
      got.push(r);
      const a = answer(got.length, r);
      if (a === 'hang') hung.push(res);
      else res.writeHead(a, { 'content-type': 'text/plain' }).end(a < 300 ? 'ok' : `no (${a})`);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return {
    url,
    got,
    close: () =>
      new Promise<void>(
        (r) => (
          hung.forEach((h) => h.destroy()),
          server.closeAllConnections(),
          server.close(() => r())
        ),
      ),
  };
}
