import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';

const main = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'serve-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts `serve` and resolves once it has printed its users (the line after them is awaited by polling). */
function serve(args: string[]): Promise<{ child: ChildProcess; output: () => string; baseUrl: string }> {
  const child = spawn(process.execPath, [main, 'serve', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk) => (out += chunk));
  child.stderr!.on('data', (chunk) => (err += chunk));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${err}`)));
    const timer = setInterval(() => {
      const match = /Listening on (\S+)\nUsers:\n(?: {2}.*\n)+/.exec(out);
      if (match) {
        clearInterval(timer);
        resolve({ child, output: () => out, baseUrl: match[1]! });
      }
    }, 20);
  });
}

function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });
}

const basic = (name: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${name}:${password}`).toString('base64')}`,
});

test('serve with a seed and given users answers, never echoes passwords, and stops on SIGTERM', async () => {
  const seed = join(dir, 'seed.json');
  writeFileSync(
    seed,
    JSON.stringify({
      schemas: [
        {
          url: 'https://shop.test/',
          schema_data: { '@context': 'https://schema.org', '@type': 'WebSite', name: 'Shop' },
        },
      ],
      meta: [{ url: 'https://shop.test/', title: 'Shop' }],
    }),
  );
  const db = join(dir, 'served.sqlite');
  const { child, output, baseUrl } = await serve([
    '--db',
    db,
    '--seed',
    seed,
    '--site',
    'https://shop.test',
    '--user',
    'boss:s3cret pass:manage_options,writer:w-pass:edit_posts',
  ]);
  expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/wp-json\/schemafy\/v1$/);
  expect(output()).toContain('  boss (manage_options)\n  writer (edit_posts)\n');
  expect(output()).not.toMatch(/s3cret|w-pass/);

  const seeded = await (await fetch(`${baseUrl}/schemas-by-url?url=https://shop.test/`)).json();
  expect(seeded).toEqual([expect.objectContaining({ schema_type: 'WebSite', schema_name: 'WebSite' })]);
  const meta = await fetch(`${baseUrl}/meta?url=https://shop.test/`, {
    headers: basic('boss', 's3cretpass'),
  });
  expect(((await meta.json()) as { title: string }).title).toBe('Shop');
  expect((await fetch(`${baseUrl}/meta`, { headers: basic('writer', 'w-pass') })).status).toBe(403);

  expect(await stop(child, 'SIGTERM')).toBe(0);
  expect(output()).toContain('Received SIGTERM');
});

test('serve without users creates an admin and prints its generated password once; SIGINT stops it', async () => {
  const { child, output, baseUrl } = await serve(['--port', '0']);
  const match = /admin \(manage_options\)\s+password: ((?:[A-Za-z0-9]{4} ){5}[A-Za-z0-9]{4})\n/.exec(
    output(),
  );
  expect(match).not.toBeNull();
  const answer = await fetch(`${baseUrl}/schemas`, { headers: basic('admin', match![1]!) });
  expect(answer.status).toBe(200);
  expect(await stop(child, 'SIGINT')).toBe(0);
});

test('a malformed --user is a usage error with exit code 2', async () => {
  const child = spawn(process.execPath, [main, 'serve', '--user', 'nocapability'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (chunk) => (err += chunk));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  expect(code).toBe(2);
  expect(err).toMatch(/name:password:capability/);
});
