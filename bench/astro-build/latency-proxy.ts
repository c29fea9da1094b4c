// A loopback proxy in front of the reference server that holds every request for a fixed delay before passing
// it on, as a CMS across the internet would, and counts what passes: the benchmark's request figures are
// counted here, not taken from anyone's own report.
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface LatencyProxy {
  /** The target's URL with the proxy's origin, e.g. `http://127.0.0.1:PORT/wp-json/schemafy/v1`. */
  url: string;
  /** Requests seen since the last `reset()`. */
  requests(): number;
  reset(): void;
  close(): Promise<void>;
}

/**
 * Starts a proxy on 127.0.0.1 that forwards to `target` (a URL; its path is kept) after `delayMs`.
 *
 * @example const proxy = await startLatencyProxy('http://127.0.0.1:4000/wp-json/schemafy/v1', 20);
 */
export async function startLatencyProxy(target: string, delayMs: number): Promise<LatencyProxy> {
  const upstream = new URL(target);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const sockets = new Set<Socket>();
  let count = 0;
  const server = createServer((req, res) => {
    count++;
    setTimeout(() => {
      const forward = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: upstream.host },
          agent,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on('error', (error) => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`proxy: ${error.message}`);
      });
      req.pipe(forward);
    }, delayMs);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${upstream.pathname.replace(/\/$/, '')}`,
    requests: () => count,
    reset: () => {
      count = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
