// The packed tarball, installed in a scratch project, imports `astro-schema-manager/client` and talks HTTP.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, test } from 'vitest';
import { installPacked, packTarball } from './support/pack.ts';

const run = promisify(execFile);
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

// Every other entry point without Astro: the validator with its shipped vocabulary, the server with its
// migrations, the head core, and the bin.
const tools = `
import { validateJsonLd } from 'astro-schema-manager/validate';
import { createServer } from 'astro-schema-manager/server';
import { renderHeadTags } from 'astro-schema-manager/head';
const bad = validateJsonLd({ '@context': 'https://schema.org', '@type': 'Article', datePublished: 5 });
const server = createServer({ site: 'https://example.com' });
const base = await server.listen(0);
const answer = await (await fetch(base + '/schemas-by-url?url=' + encodeURIComponent('https://example.com/'))).json();
await server.close();
const tags = renderHeadTags({ schemas: [], meta: { url: 'https://example.com/', title: 'T', description: null,
  robots: null, canonical: null, keywords: null }, social: null });
console.log(JSON.stringify({ codes: bad.issues.map((i) => i.code), answer, tags: tags.map((t) => t.key) }));
`;

test('npm pack, install, import and call', { timeout: 240_000 }, async () => {
  const { tarball, files } = await packTarball(scratch);
  expect(files.map((f) => f.path)).toContain('dist/client/index.js');
  // The licence travels with the code (MIT asks for its notice in every copy).
  expect(files.map((f) => f.path)).toContain('LICENSE');
  expect(files.some((f) => f.path.startsWith('src/') || f.path.startsWith('test/'))).toBe(false);
  await installPacked(scratch, tarball);
  // Nothing runs at install time: the package ships built, and its development scripts need files it leaves out.
  const installed = JSON.parse(
    readFileSync(join(scratch, 'node_modules/astro-schema-manager/package.json'), 'utf8'),
  ) as { scripts?: Record<string, string> };
  for (const hook of ['preinstall', 'install', 'postinstall', 'prepare'])
    expect(installed.scripts?.[hook], hook).toBeUndefined();

  // Every source map carries its sources, so tools that follow it (Vite, Node's --enable-source-maps) never
  // look for the src/ files the tarball leaves out.
  const maps = files.filter((f) => f.path.endsWith('.map'));
  expect(maps.length).toBeGreaterThan(10);
  for (const { path } of maps) {
    const map = JSON.parse(readFileSync(join(scratch, 'node_modules/astro-schema-manager', path), 'utf8'));
    expect(map.sourcesContent?.length, path).toBe(map.sources.length);
    expect(
      map.sourcesContent.every((text: unknown) => typeof text === 'string'),
      path,
    ).toBe(true);
  }
  writeFileSync(join(scratch, 'talk.mjs'), script);
  const { stdout } = await run(process.execPath, ['talk.mjs'], { cwd: scratch });
  expect(JSON.parse(stdout.trim())).toEqual({
    type: 'WebSite',
    active: true,
    created: '2026-01-02T03:04:05.000Z',
    error: 'not_found',
  });

  writeFileSync(join(scratch, 'tools.mjs'), tools);
  const { stdout: toolsOut } = await run(process.execPath, ['tools.mjs'], { cwd: scratch });
  expect(JSON.parse(toolsOut.trim())).toEqual({ codes: ['invalid-value'], answer: [], tags: ['title'] });

  writeFileSync(
    join(scratch, 'page.html'),
    '<html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Persn"}</script></head></html>',
  );
  const bin = join(scratch, 'node_modules/.bin/astro-schema-manager');
  const checked = await run(process.execPath, [bin, 'check', 'page.html', '--format', 'json'], {
    cwd: scratch,
  }).then(
    () => ({ code: 0, stdout: '' }),
    (error: { code: number; stdout: string }) => error,
  );
  expect(checked.code).toBe(1);
  expect(checked.stdout).toContain('unknown-type');
});
