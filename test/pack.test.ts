// The packed tarball, installed in a scratch project, imports `astro-schema-manager/client` and talks HTTP.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, test } from 'vitest';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'asm-pack-'));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const script = `
import { createServer } from 'node:http';
import { createClient, ApiError } from 'astro-schema-manager/client';

const record = { id: 7, url: 'https://example.com/', schema_type: 'WebSite', schema_name: 'Home',
  schema_data: '{"@context":"https://schema.org","@type":"WebSite"}', is_active: '1', created_at: '2026-01-02 03:04:05' };
const server = createServer((req, res) => {
  res.writeHead(req.url.endsWith('/schemas/7') ? 200 : 404, { 'content-type': 'application/json' });
  res.end(req.url.endsWith('/schemas/7') ? JSON.stringify(record) : '{"code":"not_found","message":"none"}');
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const client = createClient({ baseUrl: 'http://127.0.0.1:' + server.address().port + '/wp-json/ns/v1' });
const got = await client.schemas.get(7);
const missing = await client.schemas.get(8).catch((e) => e);
console.log(JSON.stringify({ type: got.data['@type'], active: got.is_active, created: got.created_at,
  error: missing instanceof ApiError ? missing.code : null }));
await client.close();
server.close();
`;

test('npm pack, install, import and call', { timeout: 240_000 }, async () => {
  // Only build when dist is missing: a rebuild would empty dist under tests running beside this one.
  if (!existsSync(join(root, 'dist/client/index.js'))) {
    await run(process.execPath, [join(root, 'scripts/build.ts')], { cwd: root });
  }
  const { stdout: packed } = await run(
    'npm',
    ['pack', '--ignore-scripts', '--json', '--pack-destination', scratch],
    { cwd: root, maxBuffer: 64 * 1024 * 1024 },
  );
  const [info] = JSON.parse(packed) as Array<{ filename: string; files: Array<{ path: string }> }>;
  expect(info!.files.map((f) => f.path)).toContain('dist/client/index.js');
  expect(info!.files.some((f) => f.path.startsWith('src/') || f.path.startsWith('test/'))).toBe(false);

  writeFileSync(
    join(scratch, 'package.json'),
    JSON.stringify({ name: 'scratch', private: true, type: 'module' }),
  );
  await run(
    'npm',
    [
      'install',
      join(scratch, info!.filename),
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--ignore-scripts',
    ],
    { cwd: scratch, maxBuffer: 64 * 1024 * 1024 },
  );
  writeFileSync(join(scratch, 'talk.mjs'), script);
  const { stdout } = await run(process.execPath, ['talk.mjs'], { cwd: scratch });
  expect(JSON.parse(stdout.trim())).toEqual({
    type: 'WebSite',
    active: true,
    created: '2026-01-02T03:04:05.000Z',
    error: 'not_found',
  });
});
