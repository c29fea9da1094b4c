// Attack: one request whose answer could not be written (a 2 GB /scan answer) rejected unhandled and ended
// the process. Every failure of a handler, or of writing its answer, must be a 500 for that request alone.
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Handler } from '../../src/server/api.ts';
import { createAuthenticator } from '../../src/server/auth.ts';
import { requestListener } from '../../src/server/http.ts';
import { compileRoutes } from '../../src/server/routes.ts';
import { resolveScanLimits } from '../../src/server/scan/limits.ts';
import { createStore } from '../../src/server/store/index.ts';

const secret = 'internal detail 7f3a';
const routes: Record<string, Handler> = {
  '/throws': () => {
    throw new Error(secret);
  },
  '/rejects': async () => Promise.reject(new TypeError(secret)),
  '/throws-a-string': () => {
    throw secret;
  },
  // JSON.stringify throws on both: the failure happens while the answer is written, as the 2 GB one did.
  '/unserialisable': () => ({ body: { count: 10n } }),
  '/too-long': () => ({
    body: {
      get text() {
        throw new RangeError('Invalid string length');
      },
    },
  }),
  '/slow': async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { body: { ok: true } };
  },
};

let server: Server;
let base: string;
const reported: unknown[] = [];
const store = createStore(':memory:');

beforeAll(async () => {
  server = createServer(
    requestListener({
      context: {
        store,
        hosts: new Set(),
        namespace: '/t/v1',
        scanLimits: resolveScanLimits(),
        scansRunning: { count: 0 },
      },
      routes: compileRoutes(
        Object.entries(routes).map(([path, handler]) => ({
          methods: ['GET', 'POST'],
          path,
          access: 'public',
          handler,
        })),
      ),
      auth: createAuthenticator([]),
      prefix: '/t/v1',
      maxBodyBytes: 1024,
      index: {},
      limiter: null,
      onError: (error) => reported.push(error),
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/t/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  store.close();
});

test('a handler that throws, rejects or cannot be serialised is a 500 for that request while others go on', async () => {
  const slow = fetch(`${base}/slow`);
  const failing = await Promise.all(
    ['/throws', '/rejects', '/throws-a-string', '/unserialisable', '/too-long'].map((path) =>
      fetch(base + path).then(async (response) => ({ status: response.status, text: await response.text() })),
    ),
  );
  for (const answer of failing) {
    expect(answer.status).toBe(500);
    expect(JSON.parse(answer.text)).toMatchObject({ code: 'internal_error', data: { status: 500 } });
    // The caller never sees the text of what failed inside.
    expect(answer.text).not.toContain(secret);
  }
  expect((await slow).status).toBe(200);
  expect(await (await fetch(`${base}/slow`)).json()).toEqual({ ok: true });
  expect(reported).toHaveLength(5);
  expect(server.listening).toBe(true);
});

test('a client that goes away in the middle of its body is not logged as a failure of the server', async () => {
  const before = reported.length;
  const { port } = new URL(base);
  const socket = connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(
    'POST /t/v1/slow HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"a":',
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  socket.destroy();
  // The server goes on, and its log stays quiet.
  expect(await (await fetch(`${base}/slow`)).json()).toEqual({ ok: true });
  expect(reported.slice(before)).toEqual([]);
});
