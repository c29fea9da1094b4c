// Bun's runtime answers `import 'undici'` with a module of its own, without the cache store, the interceptors or
// SnapshotAgent. The package must still load there (named imports of what is missing would fail at link time,
// before anything could say why), reach the API through fetch, and refuse what needs undici in one line.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { createClient } from '../../src/client/index.ts';
import { runsOnNode } from '../../src/client/send-fetch.ts';
import { openSnapshot } from '../../src/integration/snapshot.ts';
import { ADMIN, basicSeed, type RunningApi, startApi } from '../integration/support/api.ts';

vi.mock('undici', async (importOriginal) => ({
  ...(await importOriginal<typeof import('undici')>()),
  cacheStores: undefined,
  interceptors: undefined,
  SnapshotAgent: undefined,
}));

const run = promisify(execFile);

let api: RunningApi;
beforeAll(async () => {
  // The server is started before the stub: it runs on Node's own HTTP, which the stub does not touch.
  api = await startApi(basicSeed());
  vi.stubGlobal('navigator', { userAgent: 'Bun/1.4.5' });
  if (runsOnNode()) throw new Error('the stub did not take');
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await api.close();
});

const REFUSAL =
  "astro-schema-manager needs the undici package for its HTTP requests, and this runtime gives a module of its own in its place (Bun's runtime does, under --bun): run Astro and this CLI on Node.js, as `bun run` and `bunx` do without --bun.";

test('the client reaches the API through fetch', async () => {
  const client = createClient({ baseUrl: api.baseUrl, username: ADMIN.name, password: ADMIN.password });
  try {
    const records = await client.schemasByUrl('https://www.example.com/');
    expect(records.map((record) => record.schema_type)).toEqual(['Organization']);
  } finally {
    await client.close();
  }
});

test("what needs undici's own parts says so in one line", async () => {
  const dispatcher = { dispatch: () => false } as never;
  expect(() => createClient({ baseUrl: api.baseUrl, dispatcher })).toThrow(REFUSAL);
  await expect(openSnapshot({ mode: 'record', path: 'never-written.json' }, '/tmp')).rejects.toThrow(REFUSAL);
});

test('the built package loads where undici is replaced, and its client refuses in one line', async () => {
  // A resolve hook answers `undici` with a module that has only an Agent, as a substituting runtime does;
  // ES module linking then fails on any named import of something else.
  const dir = mkdtempSync(join(tmpdir(), 'substituted-undici-'));
  try {
    const hooks = join(dir, 'hooks.mjs');
    writeFileSync(
      hooks,
      `import { registerHooks } from 'node:module';
registerHooks({
  resolve(specifier, context, next) {
    if (specifier === 'undici') return { url: 'data:text/javascript,export class Agent {}', shortCircuit: true };
    return next(specifier, context);
  },
});
`,
    );
    const entry = pathToFileURL(join(import.meta.dirname, '../../dist/client/index.js')).href;
    const script = `const { createClient } = await import(${JSON.stringify(entry)});
try { createClient({ baseUrl: 'http://127.0.0.1:9/' }); console.log('created'); }
catch (error) { console.log(error.message); }`;
    const { stdout } = await run(process.execPath, ['--import', hooks, '--input-type=module', '-e', script]);
    expect(stdout.trim()).toBe(REFUSAL);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
