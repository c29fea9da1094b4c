// Offline builds: a build records every API answer it used; a build that replays them, with the API stopped,
// writes byte-identical pages; a replay that lacks an answer fails naming the page and the request.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ADMIN, type RunningApi, startApi } from './support/api.ts';
import { fixtureEnv, listFiles, runAstro } from './support/build-fixture.ts';
import { manyPagesSeed, prepareManyPages } from './support/many-pages.ts';

const PAGES = 20;
let api: RunningApi;
let root: string;
let env: NodeJS.ProcessEnv;
const config = () => join(root, 'astro.config.mjs');

function htmlFiles(): Map<string, string> {
  const dist = join(root, 'dist');
  const files = listFiles(dist).filter((file) => file.endsWith('.html'));
  return new Map(files.map((file) => [file, readFileSync(join(dist, file), 'utf8')]));
}

function setMode(mode: 'record' | 'replay'): void {
  const text = readFileSync(config(), 'utf8').replace(/mode":"(record|replay)"/, `mode":"${mode}"`);
  writeFileSync(config(), text);
}

let recorded: Map<string, string>;
let record: { code: number; output: string };

beforeAll(async () => {
  api = await startApi(manyPagesSeed(PAGES));
  env = fixtureEnv({ fixture: 'site-basic', env: api.env });
  root = prepareManyPages(PAGES, {
    astro: { cacheDir: './.astro-cache' },
    options: { strategy: 'per-page', snapshot: { mode: 'record', path: 'snapshots/api.json' } },
  });
  record = await runAstro(root, ['build'], env);
  recorded = htmlFiles();
  // From here on there is no API at all.
  await api.close();
}, 240_000);

afterAll(async () => {
  if (root) rmSync(root, { recursive: true, force: true });
});

test('recording writes every answer the build used, without the credentials', () => {
  expect(record.code, record.output.slice(-2000)).toBe(0);
  expect(record.output).toContain('API answers recorded to snapshots/api.json');
  // undici's SnapshotAgent is experimental; the notice is this package's to answer for, not the site's log.
  expect(record.output).not.toContain('ExperimentalWarning');
  const file = readFileSync(join(root, 'snapshots/api.json'), 'utf8');
  expect(file).toContain('schemas-by-url');
  expect(recorded.get('p/3/index.html')).toContain('Headline 3');
  const basic = Buffer.from(`${ADMIN.name}:${ADMIN.password}`).toString('base64');
  for (const secret of [ADMIN.password, basic, ADMIN.password.replaceAll(' ', '')])
    expect(file.includes(secret)).toBe(false);
  expect(file.toLowerCase()).not.toContain('authorization');
});

test('a replay with the API stopped writes byte-identical pages', async () => {
  setMode('replay');
  rmSync(join(root, 'dist'), { recursive: true, force: true });
  const replay = await runAstro(root, ['build'], env);
  expect(replay.code, replay.output.slice(-2000)).toBe(0);
  expect(replay.output).toContain('Replaying API answers from snapshots/api.json');
  expect(replay.output).not.toContain('ExperimentalWarning');
  const replayed = htmlFiles();
  expect([...replayed.keys()]).toEqual([...recorded.keys()]);
  for (const [file, html] of recorded) expect(replayed.get(file), file).toBe(html);
});

test('a replay that lacks an answer fails, naming the page and the request', async () => {
  writeFileSync(
    join(root, 'src/pages/unrecorded.astro'),
    '---\nimport Page from \'../layouts/Page.astro\';\n---\n<Page title="New">New page.</Page>\n',
  );
  const replay = await runAstro(root, ['build'], env);
  expect(replay.code).not.toBe(0);
  expect(replay.output).toContain('https://www.example.com/unrecorded/');
  expect(replay.output).toContain('The snapshot being replayed has no answer for GET');
  expect(replay.output).toMatch(/GET \S*schemas-by-url\?url=https%3A%2F%2Fwww\.example\.com%2Funrecorded/);
});
