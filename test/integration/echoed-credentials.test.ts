// Attack: an API (or a proxy before it) that echoed the Authorization header into its error code and
// data.params put the password into the build log and schema-report.json, 24 times. A real build against such a
// server: every page's fetch fails with the echo, and neither the log nor the report holds a credential.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type LoopbackServer, sendJson, startServer } from '../support/loopback.ts';
import { ADMIN, basicSeed, type RunningApi, startApi } from './support/api.ts';
import { buildFixture, type FixtureBuild } from './support/build-fixture.ts';

let api: RunningApi;
let echo: LoopbackServer;
let build: FixtureBuild;

beforeAll(async () => {
  api = await startApi(basicSeed());
  const upstream = new URL(api.baseUrl);
  echo = await startServer(async (req, res, body) => {
    const auth = String(req.headers.authorization ?? '');
    const decoded = Buffer.from(auth.replace(/^Basic /, ''), 'base64').toString();
    if (/[?&]url=/.test(req.url ?? '')) {
      sendJson(res, 400, {
        code: `rejected_${auth}`,
        message: `Refused ${auth} (${decoded})`,
        data: { status: 400, params: { authorization: auth, [decoded]: decoded } },
      });
      return;
    }
    // Everything else (the route index, the capability probe) is the real API's answer.
    const answer = await fetch(`${upstream.origin}${req.url}`, {
      method: req.method,
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: req.method === 'GET' ? undefined : body,
    });
    res.writeHead(answer.status, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(await answer.text());
  });
  build = await buildFixture({
    fixture: 'site-basic',
    options: {
      strategy: 'per-page',
      onFetchError: 'warn',
      validate: 'warn',
      report: 'schema-report.json',
      retries: 0,
    },
    env: { ...api.env, SCHEMA_MANAGER_API: `${echo.url}${upstream.pathname}` },
  });
}, 180_000);

afterAll(async () => {
  build?.remove();
  await echo?.close();
  await api?.close();
});

test('the echoed credentials reach neither the build log nor the report', () => {
  const secrets = [
    ADMIN.password,
    ADMIN.password.replace(/\s+/g, ''),
    `${ADMIN.name}:${ADMIN.password}`,
    Buffer.from(`${ADMIN.name}:${ADMIN.password}`).toString('base64'),
  ];
  expect(build.exitCode, build.log).toBe(0);
  // The pages were asked for and refused with the echo: the log tells of it, redacted.
  expect(echo.requests.filter((request) => request.url.includes('url=')).length).toBeGreaterThan(3);
  expect(build.log).toContain('rejected_Basic [redacted]');
  const reportPath = join(build.root, 'schema-report.json');
  expect(existsSync(reportPath)).toBe(true);
  const report = readFileSync(reportPath, 'utf8');
  expect(report).toContain('[redacted]');
  for (const secret of secrets) {
    expect(build.log.includes(secret), 'the build log holds a credential').toBe(false);
    expect(report.includes(secret), 'the report holds a credential').toBe(false);
  }
});
