// A loopback proxy that counts what passes (requests, answer bytes, 304s) and fails a share of the requests it passes on, the ways a CMS behind a busy host fails:
// a dropped connection, a 503, a 429 with Retry-After, a firewall's HTML 500, an answer held for 1.5 s.
// Which request fails is a fixed function of (seed, URL, how often that URL was asked), so a run is
// reproducible whatever order concurrent requests arrive in.
import { createHash } from 'node:crypto';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export const FAULTS = ['drop', '503', '429', 'html-500', 'delay'] as const;
export type Fault = (typeof FAULTS)[number];

export interface FaultProxy {
  /** The target's URL with the proxy's origin. */
  url: string;
  /** Requests seen, faults injected by kind, answer body bytes passed on, and 304s passed on. */
  counts(): { requests: number; faults: Record<Fault, number>; bytes: number; notModified: number };
  /** From now on, drops every connection a request comes on: the API is gone. */
  dropAll(): void;
  /** Requests (method and URL) asked more than once since the last `reset()`. */
  repeated(): string[];
  /** Starts the counts again from zero. */
  reset(): void;
  /** The longest run of failed attempts any one URL met before an answer (delays are not failures). */
  longestFailureRun(): number;
  close(): Promise<void>;
}

function draw(seed: string, url: string, attempt: number): number {
  return createHash('sha256').update(`${seed}\n${url}\n${attempt}`).digest().readUInt32BE(0) / 2 ** 32;
}

/**
 * Starts the proxy on 127.0.0.1 in front of `target`; `rate` of the requests get one of the faults, in
 * equal shares.
 *
 * @example const proxy = await startFaultProxy(api.baseUrl, { rate: 0.2, seed: 'a' });
 */
export async function startFaultProxy(
  target: string,
  options: { rate: number; seed: string; delayMs?: number },
): Promise<FaultProxy> {
  const upstream = new URL(target);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const sockets = new Set<Socket>();
  const attempts = new Map<string, number>();
  const failureRuns = new Map<string, number>();
  const faults = Object.fromEntries(FAULTS.map((fault) => [fault, 0])) as Record<Fault, number>;
  let requests = 0;
  let longest = 0;
  let bytes = 0;
  let notModified = 0;
  let asked = new Map<string, number>();
  let dropping = false;

  const forward = (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
    const upstreamRequest = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
        agent,
      },
      (answer) => {
        if (answer.statusCode === 304) notModified++;
        answer.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstreamRequest.on('error', () => res.destroy());
    req.pipe(upstreamRequest);
  };

  const server = createServer((req, res) => {
    requests++;
    const key = `${req.method} ${req.url}`;
    const attempt = (attempts.get(key) ?? 0) + 1;
    attempts.set(key, attempt);
    asked.set(key, (asked.get(key) ?? 0) + 1);
    const roll = draw(options.seed, key, attempt);
    const fault = dropping
      ? 'drop'
      : roll < options.rate
        ? FAULTS[Math.floor((roll / options.rate) * FAULTS.length)]
        : undefined;
    if (fault) faults[fault]++;
    const failed = fault !== undefined && fault !== 'delay';
    const run = failed ? (failureRuns.get(key) ?? 0) + 1 : 0;
    failureRuns.set(key, run);
    longest = Math.max(longest, run);
    switch (fault) {
      case 'drop':
        req.socket.destroy();
        return;
      case '503':
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end('{"code":"unavailable","message":"Service Unavailable","data":{"status":503}}');
        return;
      case '429':
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
        res.end('{"code":"rate_limited","message":"Too many requests","data":{"status":429}}');
        return;
      case 'html-500':
        res.writeHead(500, { 'content-type': 'text/html' });
        res.end(
          '<!doctype html><html><head><title>Error</title></head><body><h1>Internal Server Error</h1></body></html>',
        );
        return;
      case 'delay':
        setTimeout(() => forward(req, res), options.delayMs ?? 1500);
        return;
      default:
        forward(req, res);
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${upstream.pathname.replace(/\/$/, '')}${upstream.search}`,
    counts: () => ({ requests, faults: { ...faults }, bytes, notModified }),
    dropAll: () => {
      dropping = true;
    },
    repeated: () => [...asked].filter(([, times]) => times > 1).map(([key]) => key),
    reset: () => {
      asked = new Map();
      requests = 0;
      bytes = 0;
      notModified = 0;
      for (const fault of FAULTS) faults[fault] = 0;
    },
    longestFailureRun: () => longest,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
