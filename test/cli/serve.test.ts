import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { createServer } from '../../src/server/index.ts';

const main = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'serve-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts `serve` and resolves once it has printed its users (the line after them is awaited by polling). */
function serve(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ child: ChildProcess; output: () => string; baseUrl: string }> {
  const child = spawn(process.execPath, [main, 'serve', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk) => (out += chunk));
  child.stderr!.on('data', (chunk) => (err += chunk));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${err}`)));
    const timer = setInterval(() => {
      const match = /Listening on (\S+)\n(?:.*\n)*?Users:\n(?: {2}.*\n)+/.exec(out);
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
  const users = join(dir, 'users.txt');
  writeFileSync(
    users,
    '# name:password:capability\nboss:s3cret pass:manage_options\n\nwriter:w-pass:edit_posts\n',
  );
  const { child, output, baseUrl } = await serve([
    '--db',
    db,
    '--seed',
    seed,
    '--site',
    'https://shop.test',
    '--users',
    users,
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

  expect(output()).toContain(`Loaded ${seed}: 1 schema, 1 meta entry, 0 social entries.`);
  expect(await stop(child, 'SIGTERM')).toBe(0);
  expect(output()).toContain('Received SIGTERM');

  // Started again on the same database, the seed (edited or not) is not loaded over its data: said so.
  const again = await serve(['--db', db, '--seed', seed, '--site', 'https://shop.test', '--users', users]);
  expect(again.output()).toContain(
    `Not loaded ${seed}: ${db} holds data already, and a seed goes only into an empty database (remove ${db} to start again from the seed).`,
  );
  expect(await stop(again.child, 'SIGTERM')).toBe(0);
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

/** Runs `serve` expecting it to refuse to start; its exit code and stderr. */
async function refused(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: unknown; err: string }> {
  const child = spawn(process.execPath, [main, 'serve', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let err = '';
  child.stderr!.on('data', (chunk) => (err += chunk));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code === null) child.kill();
  return { code, err };
}

test('users come from SCHEMA_MANAGER_SERVE_USERS; --user (a password in ps) is refused; bad specs name their place', async () => {
  const { child, output, baseUrl } = await serve([], {
    SCHEMA_MANAGER_SERVE_USERS: 'env-admin:e n v:manage_options',
  });
  expect(output()).toContain('  env-admin (manage_options)\n');
  expect((await fetch(`${baseUrl}/schemas`, { headers: basic('env-admin', 'env') })).status).toBe(200);
  expect(await stop(child, 'SIGTERM')).toBe(0);

  const flag = await refused(['--user', 'boss:pw:manage_options']);
  expect(flag.code).toBe(2);
  expect(flag.err).toContain('SCHEMA_MANAGER_SERVE_USERS');
  expect(flag.err).not.toContain('pw');

  const badEnv = await refused([], { SCHEMA_MANAGER_SERVE_USERS: 'nocapability' });
  expect(badEnv.code).toBe(2);
  expect(badEnv.err).toMatch(/SCHEMA_MANAGER_SERVE_USERS entry 1: .*name:password:capability/);

  const users = join(dir, 'bad-users.txt');
  writeFileSync(users, 'ok:pw:edit_posts\nbroken\n');
  const badFile = await refused(['--users', users]);
  expect(badFile.code).toBe(2);
  expect(badFile.err).toContain('bad-users.txt:2: ');

  // As README's printf example writes it when $WRITER_PASSWORD is unset: no one logs in with an empty password.
  writeFileSync(users, 'admin:s3cret-pass:manage_options\nwriter::edit_posts\n');
  const emptyPassword = await refused(['--users', users]);
  expect(emptyPassword.code).toBe(2);
  expect(emptyPassword.err).toContain('bad-users.txt:2: user "writer" has an empty password');
  expect(emptyPassword.err).not.toContain('s3cret');

  // A mistyped capability is named, with the one meant; a user given twice is refused, naming both lines.
  writeFileSync(users, 'admin:s3cret-pass:manage_optionz\n');
  const capability = await refused(['--users', users]);
  expect(capability.err).toContain(
    'bad-users.txt:1: user "admin" has the capability "manage_optionz", which is none of manage_options or edit_posts (did you mean manage_options?).',
  );
  writeFileSync(users, 'admin:s3cret-pass:manage_options\nadmin:other-pass:edit_posts\n');
  const twice = await refused(['--users', users]);
  expect(twice.code).toBe(2);
  expect(twice.err).toContain('bad-users.txt:2: user "admin" is given at');
  expect(twice.err).toContain('bad-users.txt:1 too; keep one line per user.');
  expect(twice.err).not.toMatch(/s3cret|other-pass/);
});

test('a bad --prefix or --site is a usage error (exit 2)', async () => {
  const prefix = await refused(['--prefix', 'nothing']);
  expect(prefix.code).toBe(2);
  expect(prefix.err).toContain('--prefix "nothing" must start with "/"');
  const site = await refused(['--site', 'example.com']);
  expect(site.code).toBe(2);
  expect(site.err).toContain('--site "example.com" must be an http(s) origin');
});

test('a port in use is said in words, with what to do', async () => {
  const taken = createServer({});
  const base = await taken.listen(0);
  try {
    const port = new URL(base).port;
    const busy = await refused(['--port', port]);
    expect(busy.code).toBe(1);
    expect(busy.err).toContain(
      `127.0.0.1:${port} is in use (another server, or another serve) (EADDRINUSE): choose another port with --port, or --port 0 for a free one.`,
    );
  } finally {
    await taken.close();
  }
});

test('the server library refuses a user with an empty password', () => {
  expect(() =>
    createServer({ users: [{ name: 'admin', password: ' ', capabilities: ['manage_options'] }] }),
  ).toThrow('users: "admin" has an empty password');
});

test('a seed file of the wrong shape, or with unknown fields, is a usage error naming the entry', async () => {
  const notLists = join(dir, 'not-lists.json');
  writeFileSync(notLists, JSON.stringify({ schemas: {} }));
  const shape = await refused(['--seed', notLists]);
  expect(shape.code).toBe(2);
  expect(shape.err).toContain('schemas: ');
  expect(shape.err).not.toContain('TypeError');

  const unknown = join(dir, 'unknown.json');
  writeFileSync(
    unknown,
    JSON.stringify({ meta: [{ url: 'https://example.com/', title: 'T', descripton: 'typo' }] }),
  );
  const typo = await refused(['--seed', unknown]);
  expect(typo.code).toBe(2);
  expect(typo.err).toContain('meta[0]: unknown field "descripton" (did you mean "description"?)');

  // A byte order mark an editor wrote is named, not shown as an invisible character.
  const bom = join(dir, 'bom.json');
  writeFileSync(bom, '\uFEFF{"schemas":[]}');
  const marked = await refused(['--seed', bom]);
  expect(marked.code).toBe(2);
  expect(marked.err).toContain(`${bom} is not JSON: Unexpected U+FEFF, a byte order mark,`);
  expect(marked.err).toContain('at line 1, column 1.');

  const invalid = join(dir, 'invalid.json');
  writeFileSync(invalid, JSON.stringify({ schemas: [{ url: 'not a url', schema_data: {} }] }));
  const refusedEntry = await refused(['--seed', invalid]);
  expect(refusedEntry.code).toBe(2);
  expect(refusedEntry.err).toMatch(/schemas\[0\]\.\w+: /);
});

test("without --site a seed's own pages name the site; with another --site every refused entry is listed, with the fix", async () => {
  const seed = join(dir, 'www-seed.json');
  const page = (path: string) => `https://www.shop.test${path}`;
  writeFileSync(
    seed,
    JSON.stringify({
      schemas: [
        {
          url: page('/'),
          schema_data: { '@context': 'https://schema.org', '@type': 'WebSite', name: 'Shop' },
        },
        {
          url: page('/a/'),
          schema_data: { '@context': 'https://schema.org', '@type': 'WebPage', name: 'A' },
        },
        {
          url: 'https://blog.shop.test/',
          schema_data: { '@context': 'https://schema.org', '@type': 'Blog' },
        },
      ],
      meta: [{ url: page('/'), title: 'Shop' }],
    }),
  );
  const { child, output, baseUrl } = await serve(['--seed', seed]);
  try {
    expect(output()).toContain(
      "Site: https://www.shop.test, https://blog.shop.test (the seed's pages; --site names others).",
    );
    const seeded = await (await fetch(`${baseUrl}/schemas-by-url?url=${page('/a/')}`)).json();
    expect(seeded).toEqual([expect.objectContaining({ schema_type: 'WebPage' })]);
  } finally {
    await stop(child, 'SIGTERM');
  }

  const other = await refused(['--seed', seed, '--site', 'https://blog.shop.test']);
  expect(other.code).toBe(2);
  expect(other.err).toContain(
    [
      'The seed has entries the API refuses:',
      "  schemas[0].url: must be on the site's host (blog.shop.test), not www.shop.test",
      "  schemas[1].url: must be on the site's host (blog.shop.test), not www.shop.test",
      "  meta[0].url: must be on the site's host (blog.shop.test), not www.shop.test",
      "To serve the seed's pages, add --site https://www.shop.test.",
    ].join('\n'),
  );
});

test('--db: a missing folder is made; a folder, or a file that is no database, is named with the fix (exit 2)', async () => {
  const nested = join(dir, 'not-yet', 'made', 'schemas.sqlite');
  const { child } = await serve(['--db', nested]);
  expect(await stop(child, 'SIGTERM')).toBe(0);
  expect(existsSync(nested)).toBe(true);

  // SQLite says only "unable to open database file" for these, without the file.
  const folder = await refused(['--db', dir]);
  expect(folder.code).toBe(2);
  expect(folder.err).toContain(
    `--db ${dir} is a folder: name the SQLite file, e.g. --db ${join(dir, 'schemas.sqlite')}.`,
  );
  const text = join(dir, 'notes.txt');
  writeFileSync(text, 'not a database, but long enough to be read as a header of one. '.repeat(20));
  const notSqlite = await refused(['--db', text]);
  expect(notSqlite.code).toBe(2);
  expect(notSqlite.err).toContain(`--db ${text}: file is not a database (SQLite).`);
});

test('--host that is no address of this machine is said so, with the usual values (exit 2)', async () => {
  const host = await refused(['--host', '999.1.1.1']);
  expect(host.code).toBe(2);
  expect(host.err).toMatch(
    /--host 999\.1\.1\.1 is no address of this machine \(E[A-Z_]+\): use 127\.0\.0\.1/,
  );
  expect(host.err).not.toMatch(/^\s+at /m);
});
