// A stand-in for a *real* LCA service that answers differently from our local one (empty bodies,
// bare ids, ASP.NET errors, HTML gateways…), to prove the client's tolerance over real HTTP.
import * as http from 'http';
import type { AddressInfo } from 'net';

export interface StandInRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface StandInReply {
  status?: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string as is. */
  body?: unknown;
}

export type StandInHandler = (req: StandInRequest) => StandInReply | Promise<StandInReply>;

export interface StandInService {
  url: string;
  /** Every request received, in order. */
  requests: StandInRequest[];
  /** Replaces the handler of `METHOD /path` (path without query). */
  on(route: string, handler: StandInHandler): void;
  close(): Promise<void>;
}

export async function startStandInService(): Promise<StandInService> {
  const routes = new Map<string, StandInHandler>();
  const requests: StandInRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0];
      const entry: StandInRequest = { method: req.method ?? 'GET', path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(entry);
      const handler = routes.get(`${entry.method} ${path}`);
      Promise.resolve(handler ? handler(entry) : { status: 404, body: { title: 'Not Found', status: 404 } })
        .then((reply) => {
          const isText = typeof reply.body === 'string';
          const payload = reply.body === undefined ? '' : isText ? (reply.body as string) : JSON.stringify(reply.body);
          res.writeHead(reply.status ?? 200, {
            ...(payload ? { 'Content-Type': isText ? 'text/plain' : 'application/json' } : {}),
            ...reply.headers,
          });
          res.end(payload);
        })
        .catch(() => {
          res.writeHead(500);
          res.end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on: (route, handler) => routes.set(route, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
