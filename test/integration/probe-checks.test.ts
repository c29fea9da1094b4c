// The check before a build: it waits 5 s a request unless `timeoutMs` says the CMS needs longer (a CMS that
// takes 6 s to answer can build once timeoutMs says so, and the hint says that), and an `api` that reached the
// API only through discovery is named with the address that answered.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { resolveOptions } from '../../src/integration/options.ts';
import { addressNote, probeApi, probeBoundFor } from '../../src/integration/probe-api.ts';
import { type RunningApi, startApi } from './support/api.ts';

let api: RunningApi;
let slow: Server;
let slowApi: string;
/** Answers every request after 6 s, as the reference server answers it. */

beforeAll(async () => {
  api = await startApi({});
  const upstream = new URL(api.baseUrl);
  slow = createServer(async (req, res) => {
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    if (res.destroyed) return;
    const answer = await fetch(new URL(req.url ?? '/', upstream.origin), {
      headers: req.headers.authorization ? { authorization: req.headers.authorization } : {},
    });
    const headers = Object.fromEntries(
      [...answer.headers].filter(
        ([name]) => !['content-encoding', 'transfer-encoding', 'content-length'].includes(name),
      ),
    );
    res.writeHead(answer.status, headers);
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
  slowApi = `http://127.0.0.1:${(slow.address() as { port: number }).port}${upstream.pathname}`;
});

afterAll(async () => {
  slow.closeAllConnections();
  slow.close();
  await api.close();
});

test('the probe bound is 10 s, or two attempts of a timeoutMs the user set', () => {
  expect(probeBoundFor(undefined)).toBe(10_000);
  expect(probeBoundFor(2_000)).toBe(10_000);
  expect(probeBoundFor(60_000)).toBe(120_000);
});

test('by default a 6 s answer fails the check, with a hint that works', async () => {
  const options = resolveOptions({}, { ...api.env, SCHEMA_MANAGER_API: slowApi });
  const outcome = await probeApi(options, () => {}, probeBoundFor(undefined));
  expect(outcome.ok).toBe(false);
  if (outcome.ok) return;
  expect(outcome.failure.cause).toBe('timeout');
  expect(outcome.failure.hint).toContain('the check before the build gives each request 5 s');
  expect(outcome.failure.hint).toContain('set schemaManager({ timeoutMs }) to what it needs');
  // Not the advice that cannot work: timeoutMs is 30 s already.
  expect(outcome.failure.hint).not.toContain('(now 30000)');
}, 30_000);

test('with timeoutMs: 8000 the same CMS passes the check', async () => {
  const options = resolveOptions({ timeoutMs: 8_000 }, { ...api.env, SCHEMA_MANAGER_API: slowApi });
  const outcome = await probeApi(options, () => {}, probeBoundFor(8_000));
  expect(outcome.ok, outcome.ok ? '' : outcome.failure.header).toBe(true);
}, 30_000);

test("an api address that is none of the API's is named with the one that answered; REST and site addresses are not", async () => {
  const origin = new URL(api.baseUrl).origin;
  const answeredAt = async (given: string) => {
    const outcome = await probeApi(
      resolveOptions({ api: given }, { ...api.env, SCHEMA_MANAGER_API: '' }),
      () => {},
    );
    if (!outcome.ok) throw new Error(outcome.failure.header);
    return outcome.api;
  };
  const typo = `${origin}/wp-jsn/schemafy/v1`;
  expect(addressNote(typo, await answeredAt(typo))).toBe(
    `api is ${typo}, which is no address of the API: it was found at ${origin}/index.php?rest_route=/schemafy/v1. Set api (or SCHEMA_MANAGER_API) to that address.`,
  );
  for (const given of [api.baseUrl, `${api.baseUrl}/`, origin, `${origin}/?rest_route=/schemafy/v1`])
    expect(addressNote(given, await answeredAt(given)), given).toBeNull();
  // A WordPress in a folder, given by its site address; credentials in the address are never shown.
  expect(addressNote('https://s.dev/blog', 'https://s.dev/blog/wp-json/schemafy/v1')).toBeNull();
  expect(addressNote('https://ed:pw@s.dev/x', 'https://s.dev/wp-json/schemafy/v1')).not.toContain('pw');
});
