// Credentials refused in the middle of a push (an application password revoked while it runs): a proxy sends a
// wrong password once the first write is through, as the reference server's 401 incorrect_password. The push
// stops, sends nothing more, says what was written, exits 1, and never prints a password. The same on a real
// WordPress: test/wordpress/push-revoked.test.ts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { admin, as, cliHarness, jsonLd as doc, readBack } from '../support/cli-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'push-credentials-refused-'));
const { cli, startApi, close } = cliHarness(dir);
afterAll(async () => {
  await close();
  rmSync(dir, { recursive: true, force: true });
});

/** A proxy to `target` that, once `writes` writes went through, sends every request with a wrong password. */
async function revokingProxy(target: string, writes: number) {
  const origin = new URL(target);
  const seen: string[] = [];
  let through = 0;
  const wrong = `Basic ${Buffer.from(`${admin.name}:wrong-s3cret`).toString('base64')}`;
  const server = createServer((req, res) => {
    const write = req.method !== 'GET' && req.method !== 'HEAD';
    seen.push(`${req.method} ${req.url}`);
    const headers = { ...req.headers, host: origin.host };
    if (through >= writes) headers.authorization = wrong;
    const out = request(
      { host: origin.hostname, port: origin.port, method: req.method, path: req.url, headers },
      (answer) => {
        if (write && answer.statusCode !== undefined && answer.statusCode < 300) through++;
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${origin.pathname}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const pages = ['a', 'b', 'c', 'd'].map((name) => `https://example.com/${name}/`);

test('refused after the first write: the push stops there and names what was done', async () => {
  const api = await startApi({
    seed: { schemas: pages.map((url) => ({ url, schema_data: doc('WebPage', { name: 'Before' }) })) },
  });
  writeFileSync(
    join(dir, 'edited.json'),
    JSON.stringify({
      schemas: pages.map((url) => ({ url, schema_data: doc('WebPage', { name: 'After' }) })),
    }),
  );
  const proxy = await revokingProxy(api, 1);
  try {
    const pushed = await cli(['push', 'edited.json', '--concurrency', '1'], as(admin, proxy.url));
    expect(pushed.code, pushed.stdout + pushed.stderr).toBe(1);
    expect(pushed.stderr).toMatch(
      /^Stopped: authentication failed: the API no longer accepts the credentials \(401 incorrect_password at PUT http:\/\/127\.0\.0\.1:\d+\/.*\/schemas\/2\)/m,
    );
    expect(pushed.stderr).toContain('1 write of 4 was done before it stopped (below); 2 writes not sent.');
    expect(pushed.stderr).toContain('  done ~ #1 https://example.com/a/  WebPage "WebPage"\n');
    expect(pushed.stdout).toContain('failed ~ #2 https://example.com/b/  WebPage "WebPage"');
    expect(pushed.stdout).toContain(
      '1 updated, 0 unchanged, 0 deleted. Meta: 0 set, 0 unchanged. Social: 0 set, 0 unchanged. 1 write failed. 2 writes not sent (the push stopped).',
    );
    // Nothing after the refused write, not even the read back.
    const afterRefusal = proxy.seen.slice(proxy.seen.findIndex((line) => line.endsWith('/schemas/2')) + 1);
    expect(afterRefusal.filter((line) => !line.startsWith('GET') || /\/schemas(\?|\/\d)/.test(line))).toEqual(
      [],
    );
  } finally {
    await proxy.close();
  }
  expect((await readBack(api)).map((record) => record.data)).toEqual([
    doc('WebPage', { name: 'After' }),
    doc('WebPage', { name: 'Before' }),
    doc('WebPage', { name: 'Before' }),
    doc('WebPage', { name: 'Before' }),
  ]);

  // Pushed again, refused after its first write once more: --json says the same, each write by name.
  const again = await revokingProxy(api, 1);
  try {
    const json = await cli(['push', 'edited.json', '--json', '--concurrency', '1'], as(admin, again.url));
    expect(json.code, json.stderr).toBe(1);
    expect(JSON.parse(json.stdout).stopped).toMatchObject({
      reason: 'authentication',
      message: expect.stringContaining('Stopped: authentication failed'),
      written: ['~ #2 https://example.com/b/  WebPage "WebPage"\n    $.name: "Before" → "After"'],
      not_sent: [expect.stringMatching(/^~ #4 https:\/\/example\.com\/d\//)],
    });
  } finally {
    await again.close();
  }
});
