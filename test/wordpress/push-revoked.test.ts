// A push whose application password is revoked between two of its writes, on a real WordPress: the refused write
// stops it (no other write is sent), it says authentication failed and which writes were done before, exits 1, and
// never prints the password. WordPress runs a request with a revoked password as anonymous: 401 rest_forbidden.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { createClient } from '../../src/client/index.ts';
import { startApiProxy } from '../integration/support/api-proxy.ts';
import { sites } from './sites.ts';
import { runCli } from './support.ts';

const dir = mkdtempSync(join(tmpdir(), 'wordpress-push-revoked-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const site = sites.find((candidate) => candidate.kind === 'pretty')!;
const PAGES = ['one', 'two', 'three'].map((name) => `https://www.example.com/revoked/${name}/`);
const document = (name: string) => ({ '@context': 'https://schema.org', '@type': 'WebPage', name });
const basic = `Basic ${Buffer.from(`${site.admin.username}:${site.admin.password}`).toString('base64')}`;

/** WordPress's own REST route for the admin's application passwords (core's, not the plugin's). */
const passwordsRoute = (uuid = '') =>
  `${site.origin}/?rest_route=/wp/v2/users/me/application-passwords${uuid ? `/${uuid}` : ''}`;

test('an application password revoked between writes stops the push, saying what was written', async () => {
  // A password of its own for the push, made and revoked with the suite's.
  const made = await fetch(passwordsRoute(), {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'push-revoked' }),
  });
  expect(made.status).toBe(201);
  const { uuid, password } = (await made.json()) as { uuid: string; password: string };

  const api = createClient({ baseUrl: site.origin, ...site.admin });
  const ids: number[] = [];
  try {
    for (const url of PAGES) {
      for await (const record of api.schemas.listAll({ url })) await api.schemas.delete(record.id);
      const record = await api.schemas.create({
        url,
        schema_type: 'WebPage',
        schema_name: 'WebPage',
        schema_data: document('Before'),
      });
      ids.push(record.id);
    }
  } finally {
    await api.close();
  }
  const input = join(dir, 'edited.json');
  writeFileSync(
    input,
    JSON.stringify({ schemas: PAGES.map((url) => ({ url, schema_data: document('After') })) }),
  );

  const proxy = await startApiProxy(site.origin);
  try {
    // The second page's write waits at the proxy while the password is revoked, then goes on.
    const second = proxy.hold((path) => path.includes(`/schemas/${ids[1]}`));
    const pushing = runCli(dir, ['push', input, '--concurrency', '1'], {
      SCHEMA_MANAGER_API: `${proxy.url}/wp-json/schemafy/v1`,
      SCHEMA_MANAGER_USER: site.admin.username,
      SCHEMA_MANAGER_PASSWORD: password,
    });
    for (let waited = 0; second.held() === 0 && waited < 600; waited++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(second.held()).toBe(1);
    const revoked = await fetch(passwordsRoute(uuid), {
      method: 'DELETE',
      headers: { authorization: basic },
    });
    expect(revoked.status).toBe(200);
    second.release();
    const pushed = await pushing;
    const output = `${pushed.stdout}${pushed.stderr}`;
    expect(pushed.code, output).toBe(1);
    expect(pushed.stderr).toContain(
      'Stopped: authentication failed: the API no longer accepts the credentials (401 ',
    );
    expect(pushed.stderr).toContain('1 write of 3 was done before it stopped (below); 1 write not sent.');
    expect(pushed.stderr).toContain(`  done ~ #${ids[0]} ${PAGES[0]}  WebPage "WebPage"`);
    expect(pushed.stderr).toContain('Give valid credentials (a new application password) and push again');
    expect(pushed.stdout).toContain(`failed ~ #${ids[1]} ${PAGES[1]}`);
    // The third page's write was never sent.
    expect(proxy.requests.filter((path) => path.includes(`/schemas/${ids[2]}`))).toEqual([]);
    for (const secret of [password, password.replace(/ /g, ''), site.admin.password])
      expect(output).not.toContain(secret);
  } finally {
    await proxy.close();
  }

  const check = createClient({ baseUrl: site.origin, ...site.admin });
  try {
    const names = await Promise.all(ids.map(async (id) => (await check.schemas.get(id)).data));
    expect(names).toEqual([document('After'), document('Before'), document('Before')]);
  } finally {
    await check.close();
  }
});
