// A loopback proxy in front of the reference API that counts the requests it is sent and can play a dead API:
// one that refuses connections (the port closed) or one that accepts them and never answers. It can also hold
// some requests back until the test lets them through (an API slow to give the index).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type ProxyMode = 'pass' | 'hang' | 'refuse';

export interface ApiProxy {
  /** `http://127.0.0.1:<port>`: the same address whatever the mode. */
  url: string;
  /** Paths (with query) of every request received, in order. */
  requests: string[];
  /** The User-Agent of each of those requests. */
  userAgents: string[];
  setMode(mode: ProxyMode): Promise<void>;
  /** Holds the requests whose path (with query) `matches` until `release()`; those already held then go on. */
  hold(matches: (path: string) => boolean): { release(): void; held(): number };
  /** Answers every request `ms` late (0: at once), as an API a long way off or a slow one. */
  setDelay(ms: number): void;
  close(): Promise<void>;
}

export async function startApiProxy(target: string): Promise<ApiProxy> {
  const requests: string[] = [];
  const userAgents: string[] = [];
  const sockets = new Set<Socket>();
  const targetUrl = new URL(target);
  let mode: ProxyMode = 'pass';
  let holding: { matches: (path: string) => boolean; waiting: Array<() => void> } | null = null;
  let heldCount = 0;
  let delayMs = 0;

  const forward = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string' && name !== 'host' && name !== 'connection') headers.set(name, value);
    }
    const answer = await fetch(new URL(req.url ?? '/', targetUrl.origin), {
      method: req.method,
      headers,
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
      redirect: 'manual',
    });
    const body = Buffer.from(await answer.arrayBuffer());
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const out: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name))
        out[name] = value;
    });
    // The API's own address in its Link header is the proxy's, as a WordPress behind a proxy is set up with
    // the address it is reached at.
    if (out.link) out.link = out.link.replaceAll(targetUrl.origin, `http://127.0.0.1:${port}`);
    res.writeHead(answer.status, out);
    res.end(body);
  };

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    requests.push(req.url ?? '/');
    userAgents.push(req.headers['user-agent'] ?? '');
    if (mode === 'hang') return; // accepted, never answered
    const go = () =>
      forward(req, res).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(String(error));
      });
    if (holding?.matches(req.url ?? '/')) {
      heldCount++;
      holding.waiting.push(go);
      return;
    }
    void go();
  };

  let server: Server | undefined;
  let port = 0;
  const listen = async (): Promise<void> => {
    const started = createServer(handle);
    started.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => started.listen(port, '127.0.0.1', resolve));
    port = (started.address() as AddressInfo).port;
    server = started;
  };
  const stop = (): Promise<void> =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      const closing = server;
      server = undefined;
      for (const socket of sockets) socket.destroy();
      closing.close(() => resolve());
    });

  await listen();
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    userAgents,
    async setMode(next) {
      mode = next;
      // Connections kept alive from the last mode would let a request through: every mode starts clean.
      await stop();
      if (next !== 'refuse') await listen();
    },
    hold(matches) {
      const current = { matches, waiting: [] as Array<() => void> };
      holding = current;
      heldCount = 0;
      return {
        release() {
          if (holding === current) holding = null;
          for (const go of current.waiting.splice(0)) go();
        },
        held: () => heldCount,
      };
    },
    setDelay(ms) {
      delayMs = ms;
    },
    close: stop,
  };
}
