// The optional request budget: 429 `rate_limited` with Retry-After, which the project's client waits out.
import { afterEach, expect, test } from 'vitest';
import { createClient } from '../../src/client/index.ts';
import { createServer, type ReferenceServer } from '../../src/server/index.ts';
import { createRateLimiter } from '../../src/server/rate-limit.ts';

let server: ReferenceServer | undefined;
afterEach(() => server?.close());

test('past the budget the server answers 429 rate_limited with Retry-After, in the WordPress shape', async () => {
  server = createServer({ rateLimit: { requests: 2, windowMs: 60_000 } });
  const base = await server.listen(0);
  const url = `${base}/schemas-by-url?url=${encodeURIComponent('https://example.com/')}`;
  expect((await fetch(url)).status).toBe(200);
  expect((await fetch(url)).status).toBe(200);
  const refused = await fetch(url);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(59);
  expect(await refused.json()).toMatchObject({ code: 'rate_limited', data: { status: 429 } });
});

test('the client waits out Retry-After and every call succeeds', async () => {
  server = createServer({ rateLimit: { requests: 2, windowMs: 1000 } });
  const client = createClient({ baseUrl: await server.listen(0), retries: 3 });
  try {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await client.schemasByUrl('https://example.com/'));
    expect(answers).toEqual([[], [], [], []]);
    expect(client.stats().retries).toBeGreaterThanOrEqual(1);
  } finally {
    await client.close();
  }
});

test('each client address has its own window, and a new window starts afresh', () => {
  let time = 0;
  const limiter = createRateLimiter({ requests: 1, windowMs: 1000 }, () => time);
  limiter.take('a');
  limiter.take('b');
  expect(() => limiter.take('a')).toThrow(/Too many requests/);
  time = 1000;
  expect(() => limiter.take('a')).not.toThrow();
});
