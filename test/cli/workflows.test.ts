// The API workflow commands (pull, push, validate, scan, bulk) run as child processes against a reference
// server started here, with credentials in the environment as a user would give them.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { toSchemaFile } from '../../src/cli/pull.ts';
import { createClient, type SchemaRecord } from '../../src/client/index.ts';
import type { SeedFile } from '../../src/server/index.ts';
import { admin, as, cliHarness, jsonLd as doc, editor, readBack } from '../support/cli-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'workflows-'));

const seed: SeedFile = {
  schemas: [
    { url: 'https://example.com/blog/b/', schema_data: doc('Article', { headline: 'B' }) },
    { url: 'https://example.com/', schema_data: doc('WebSite', { name: 'Example' }) },
    { url: 'https://example.com/blog/a/', schema_data: doc('Article', { headline: 'A' }), is_active: false },
  ],
  meta: [{ url: 'https://example.com/', title: 'Home', description: 'The home page' }],
  social: [{ url: 'https://example.com/', og: { title: 'Home OG' }, twitter: { card: 'summary' } }],
};

const { cli, startApi, close } = cliHarness(dir);
let site: Server;
let origin: string;
afterAll(async () => {
  await close();
  await new Promise((resolve) => site?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const readJson = (name: string) => JSON.parse(readFileSync(join(dir, name), 'utf8'));

beforeAll(async () => {
  site = createHttpServer((request, response) => {
    if (request.url === '/post/') {
      response.setHeader('content-type', 'text/html');
      response.end(
        '<html><head><title>A post</title><meta name="description" content="About"></head><body></body></html>',
      );
    } else {
      response.statusCode = 404;
      response.end('not here');
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

test('API commands read SCHEMA_MANAGER_ variables from .env and .env.local in the directory they run in', async () => {
  const api = await startApi({ seed });
  writeFileSync(join(dir, '.env'), `SCHEMA_MANAGER_API=${api}\nSCHEMA_MANAGER_USER=${admin.name}\n`);
  writeFileSync(join(dir, '.env.local'), `SCHEMA_MANAGER_PASSWORD="${admin.password}"\n`);
  try {
    const run = await cli(['pull', '--out', 'from-env-files.json']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    // Meta needs manage_options: the password from .env.local was used.
    expect(run.stdout).toContain('Wrote 3 schemas, 1 meta entry and 1 social entry to from-env-files.json.');
    // The environment's own value wins over the file.
    const elsewhere = await cli(['pull', '--out', 'x.json'], {
      SCHEMA_MANAGER_API: 'http://127.0.0.1:9/nothing',
    });
    expect(elsewhere.code).not.toBe(0);
    expect(elsewhere.stderr).toContain('127.0.0.1:9');
  } finally {
    rmSync(join(dir, '.env'));
    rmSync(join(dir, '.env.local'));
  }
});

test('with no API named, an Astro project is told that astro.config is not read and where to put the address', async () => {
  const plain = await cli(['pull']);
  expect(plain.code).toBe(2);
  expect(plain.stderr).toContain(
    'Name the API with --api <base url> or SCHEMA_MANAGER_API in the environment or .env',
  );
  expect(plain.stderr).not.toContain('astro.config');
  writeFileSync(join(dir, 'astro.config.mjs'), 'export default {};\n');
  try {
    const inProject = await cli(['pull']);
    expect(inProject.code).toBe(2);
    expect(inProject.stderr).toContain(
      "The integration's api option in astro.config.mjs is not read here: put the address in .env as SCHEMA_MANAGER_API=…",
    );
  } finally {
    rmSync(join(dir, 'astro.config.mjs'));
  }
});

test('pull writes a sorted seed-format file that a new server loads into the same records', async () => {
  const api = await startApi({ seed });
  const run = await cli(['pull', '--out', 'pulled.json'], as(admin, api));
  expect(run).toMatchObject({ code: 0, stderr: '' });
  expect(run.stdout).toContain('Wrote 3 schemas, 1 meta entry and 1 social entry to pulled.json.');
  const pulled = readJson('pulled.json');
  expect(pulled.schemas.map((s: { url: string }) => s.url)).toEqual([
    'https://example.com/',
    'https://example.com/blog/a/',
    'https://example.com/blog/b/',
  ]);
  expect(pulled.schemas[1]).toEqual({
    url: 'https://example.com/blog/a/',
    schema_type: 'Article',
    schema_name: 'Article',
    schema_data: doc('Article', { headline: 'A' }),
    is_active: false,
  });
  expect(pulled.meta).toEqual([{ url: 'https://example.com/', title: 'Home', description: 'The home page' }]);
  expect(pulled.social).toEqual([
    { url: 'https://example.com/', og: { title: 'Home OG' }, twitter: { card: 'summary' } },
  ]);

  // Round trip: a server seeded with the pull holds the same records, and pulls to the same file.
  const reloaded = await startApi({ seed: pulled });
  const strip = (records: SchemaRecord[]) =>
    records
      .map(({ id: _i, created_at: _c, updated_at: _u, ...rest }) => rest)
      .sort((a, b) => a.url.localeCompare(b.url));
  expect(strip(await readBack(reloaded))).toEqual(strip(await readBack(api)));
  expect((await cli(['pull', '--out', 'again.json'], as(admin, reloaded))).code).toBe(0);
  expect(readJson('again.json')).toEqual(pulled);

  // Filters, stdout output, and an editor (no manage_options) whose tags are skipped with a note.
  const filtered = await cli(
    ['pull', '--out', '-', '--type', 'Article', '--url', 'https://example.com/blog/b/'],
    as(editor, api),
  );
  expect(filtered.code).toBe(0);
  expect(JSON.parse(filtered.stdout)).toEqual({
    // What it read, so that push --prune stays within it.
    selection: [{ urls: ['https://example.com/blog/b/'], type: 'Article' }],
    schemas: [expect.objectContaining({ url: 'https://example.com/blog/b/' })],
    meta: [],
    social: [],
  });
  expect(filtered.stderr).toContain('Skipped meta: the user may not read it (needs manage_options).');
});

test('pull leaves a file it did not write as it is', async () => {
  const api = await startApi({ seed });
  const mine = join(dir, 'mine.json');
  const text = '[{"@context":"https://schema.org","@type":"WebSite","name":"Mine"}]\n';
  writeFileSync(mine, text);
  const result = await cli(['pull', '--out', mine], as(admin, api));
  expect(result.code).toBe(2);
  expect(result.stderr).toContain(`${mine} exists and is not a file pull writes`);
  expect(readFileSync(mine, 'utf8')).toBe(text);
});

test('pull --out creates the folders of its file, and says why a file cannot be written, naming it', async () => {
  const api = await startApi({ seed });
  const nested = join(dir, 'reports', 'seo', 'pulled.json');
  const made = await cli(['pull', '--out', nested], as(admin, api));
  expect(made).toMatchObject({ code: 0, stderr: '' });
  expect(JSON.parse(readFileSync(nested, 'utf8')).schemas).toHaveLength(3);
  // A file where a folder should be: the message names the target, not the temporary file beside it.
  const blocked = join(dir, 'reports', 'seo', 'pulled.json', 'inside.json');
  const refused = await cli(['pull', '--out', blocked], as(admin, api));
  expect(refused.code).toBe(1);
  expect(refused.stderr).toBe(
    `astro-schema-manager pull: Cannot write ${blocked}: a part of the path is a file, not a folder (ENOTDIR).\n`,
  );
});

test('pull keeps schema_data that does not parse as its raw text', () => {
  const record = (id: number, url: string, data: unknown, raw: string): SchemaRecord => ({
    id,
    url,
    schema_type: 'Thing',
    schema_name: 'T',
    schema_data: raw,
    data,
    data_error: data === null ? 'not JSON' : null,
    is_active: true,
    created_at: null,
    updated_at: null,
  });
  const file = toSchemaFile(
    [record(2, 'https://x.test/', null, '{broken'), record(1, 'https://x.test/', { a: 1 }, '{"a":1}')],
    [],
    [],
  );
  expect(file.schemas!.map((s) => s.schema_data)).toEqual([{ a: 1 }, '{broken']);
});

test('push plans with --dry-run without writing, then creates, updates, sets tags and prunes', async () => {
  const api = await startApi({ seed });
  const before = await readBack(api);
  const file = {
    schemas: [
      {
        url: 'https://example.com/',
        schema_data: { name: 'Example', '@type': 'WebSite', '@context': 'https://schema.org' },
      },
      { url: 'https://example.com/blog/b/', schema_data: doc('Article', { headline: 'B, revised' }) },
      {
        url: 'https://example.com/blog/c/',
        schema_type: 'Article',
        schema_name: 'C post',
        schema_data: JSON.stringify(doc('Article', { headline: 'C' })),
      },
    ],
    meta: [{ url: 'https://example.com/', title: 'Home', description: 'New description' }],
    social: [{ url: 'https://example.com/', og: { title: 'Home OG' } }],
  };
  writeFileSync(join(dir, 'push.json'), JSON.stringify(file));

  const dry = await cli(['push', 'push.json', '--dry-run', '--prune'], as(admin, api));
  expect(dry.code).toBe(0);
  expect(dry.stdout).toContain('Plan (dry run, nothing was changed):');
  // One line per step (+ create, ~ update, - delete); an update names only what differs, old -> new.
  expect(dry.stdout).toMatch(
    /^~ #\d+ https:\/\/example\.com\/blog\/b\/ {2}Article "Article"\n {4}\$\.headline: "B" → "B, revised"$/m,
  );
  expect(dry.stdout).toMatch(/^\+ https:\/\/example\.com\/blog\/c\/ {2}Article "C post"$/m);
  expect(dry.stdout).toMatch(/^- #\d+ https:\/\/example\.com\/blog\/a\//m);
  expect(dry.stdout).toMatch(/^~ meta https:\/\/example\.com\/\n {4}description: .+ → "New description"$/m);
  expect(dry.stdout).not.toMatch(/^ {4}title:/m);
  expect(dry.stdout).toContain(
    'Schemas: 1 would be created, 1 would be updated, 1 unchanged, 1 would be deleted. Meta: 1 would be set, 0 unchanged. Social: 0 would be set, 1 unchanged.',
  );
  expect(await readBack(api)).toEqual(before);

  const real = await cli(['push', 'push.json', '--json'], as(admin, api));
  expect(real.code).toBe(0);
  expect(JSON.parse(real.stdout)).toMatchObject({
    dry_run: false,
    schemas: { created: 1, updated: 1, unchanged: 1, deleted: 0 },
    meta: { set: 1, unchanged: 0 },
    failed: 0,
  });
  const after = await readBack(api);
  expect(after).toHaveLength(4);
  expect(after.find((r) => r.url === 'https://example.com/blog/b/')?.data).toEqual(
    doc('Article', { headline: 'B, revised' }),
  );
  expect(after.find((r) => r.url === 'https://example.com/blog/c/')).toMatchObject({
    schema_name: 'C post',
    is_active: true,
  });
  const client = createClient({ baseUrl: api, username: admin.name, password: admin.password });
  expect(await client.meta.get('https://example.com/')).toMatchObject({
    title: 'Home',
    description: 'New description',
  });
  await client.close();

  const pruned = await cli(['push', 'push.json', '--prune'], as(admin, api));
  expect(pruned.stdout).toContain('Schemas: 0 created, 0 updated, 3 unchanged, 1 deleted.');
  expect((await readBack(api)).map((r) => r.url).sort()).toEqual([
    'https://example.com/',
    'https://example.com/blog/b/',
    'https://example.com/blog/c/',
  ]);
});

test('push refuses a file with invalid schemas and writes nothing, unless --force (now --allow-invalid)', async () => {
  const api = await startApi();
  writeFileSync(
    join(dir, 'bad.json'),
    JSON.stringify({
      schemas: [{ url: 'https://example.com/x/', schema_data: doc('Article', { datePublished: 5 }) }],
    }),
  );
  const refused = await cli(['push', 'bad.json'], as(admin, api));
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain('Refusing to push: 1 schema with validation errors; nothing was sent');
  expect(refused.stdout).toMatch(/^\+ https:\/\/example\.com\/x\/ {2}Article "Article"$/m);
  expect(refused.stdout).toContain('schemas[0]  https://example.com/x/  Article');
  expect(refused.stdout).toMatch(/^ {4}error +\$\.datePublished /m);
  expect(await readBack(api)).toEqual([]);
  // A code the build's severity option lowers is lowered for push too: the build would ship it.
  const lowered = await cli(
    ['push', 'bad.json', '--dry-run', '--severity', 'invalid-value=warning'],
    as(admin, api),
  );
  expect(lowered.stdout).toMatch(/^ {4}warning +\$\.datePublished /m);
  expect(lowered.stdout).not.toMatch(/^ {4}error /m);

  // --force, the old name of --allow-invalid, still works and says so.
  const forced = await cli(['push', 'bad.json', '--force'], as(admin, api));
  expect(forced.code).toBe(0);
  expect(forced.stderr).toContain('--force is deprecated and will be removed: use --allow-invalid.');
  expect(await readBack(api)).toHaveLength(1);

  writeFileSync(join(dir, 'shape.json'), JSON.stringify({ schemas: [{ schema_data: {} }] }));
  const malformed = await cli(['push', 'shape.json'], as(admin, api));
  expect(malformed.code).toBe(2);
  expect(malformed.stderr).toContain('schemas[0].url: ');
});

test('an editor (edit_posts, not manage_options) is told before anything is sent, not by a 403 on each write', async () => {
  const api = await startApi({
    seed: { schemas: [{ url: 'https://example.com/e/', schema_data: doc('WebPage', { name: 'Old' }) }] },
  });
  const files = ['https://example.com/e/', 'https://example.com/f/'].map((url) => ({
    url,
    schema_data: doc('WebPage', { name: 'New' }),
  }));
  writeFileSync(join(dir, 'editor.json'), JSON.stringify({ schemas: files }));
  const plan = await cli(['push', 'editor.json', '--dry-run'], as(editor, api));
  expect(plan.code).toBe(0);
  expect(plan.stdout).toContain(
    'A push without --dry-run would stop here: the user may not create, update or delete schemas (the API needs manage_options for them; this user may read them only).',
  );
  const real = await cli(['push', 'editor.json'], as(editor, api));
  expect(real.code).toBe(1);
  expect(real.stdout).toContain('Plan (not applied: the user may not write schemas):');
  expect(real.stderr).toContain('Refusing to push: the user may not create, update or delete schemas');
  // No write was tried: no failed one is listed, and the API is as it was.
  expect(real.stdout).not.toContain('failed');
  const kept = await readBack(api);
  expect(kept.map((record) => [record.url, JSON.parse(record.schema_data as string).name])).toEqual([
    ['https://example.com/e/', 'Old'],
  ]);
  // Nothing to write: nothing to refuse.
  const same = await cli(['pull', '--out', 'editor-pulled.json'], as(editor, api));
  expect(same.code).toBe(0);
  expect((await cli(['push', 'editor-pulled.json'], as(editor, api))).code).toBe(0);
});

test('an inactive schema with an error is reported but does not stop a push: the build does not ship it', async () => {
  const api = await startApi();
  writeFileSync(
    join(dir, 'draft.json'),
    JSON.stringify({
      schemas: [
        {
          url: 'https://example.com/d/',
          schema_data: doc('Article', { datePublished: 5 }),
          is_active: false,
        },
        { url: 'https://example.com/d/', schema_data: doc('Article') },
      ],
    }),
  );
  const pushed = await cli(['push', 'draft.json'], as(admin, api));
  expect(pushed.code, pushed.stderr).toBe(0);
  expect(pushed.stdout).toContain(
    'schemas[0]  https://example.com/d/  Article  (inactive: not built, does not stop a push)',
  );
  expect(pushed.stdout).toMatch(/^ {4}error +\$\.datePublished /m);
  expect((await readBack(api)).map((record) => record.is_active).sort()).toEqual([false, true]);
});

test('connection mistakes are usage errors; refused credentials fail with a hint and never echo the password', async () => {
  const api = await startApi({ seed });
  const noApi = await cli(['pull']);
  expect(noApi.code).toBe(2);
  expect(noApi.stderr).toContain('--api <base url> or SCHEMA_MANAGER_API');

  const flag = await cli(['pull', '--api', api, '--user', 'admin', '--password', 'wrong-s3cret']);
  expect(flag.code).toBe(2);
  expect(flag.stderr).toContain('set SCHEMA_MANAGER_PASSWORD in the environment (or .env) instead');

  const noPassword = await cli(['pull', '--api', api, '--user', 'admin']);
  expect(noPassword).toMatchObject({ code: 2 });
  expect(noPassword.stderr).toContain('SCHEMA_MANAGER_PASSWORD is not set');

  const refused = await cli(['pull', '--out', 'never.json'], {
    ...as(admin, api),
    SCHEMA_MANAGER_PASSWORD: 'wrong-s3cret',
  });
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(/401 incorrect_password .*\nHint: the credentials were refused/);
  expect(() => readFileSync(join(dir, 'never.json'))).toThrow();

  const insecure = await cli(
    ['bulk', 'fix', '--api', 'http://cms.example.org/wp-json/x/v1'],
    as(admin, 'unused'),
  );
  expect(insecure.code).toBe(2);
  expect(insecure.stderr).toContain('refusing to send credentials over plain http');
  // Hints name the CLI's flags and variables, not the library's options.
  expect(insecure.stderr).toContain('or pass --allow-insecure-auth if the network is trusted');
  expect(insecure.stderr).not.toMatch(/createClient|allowInsecureAuth/);

  const notUrl = await cli(['pull', '--api', 'cms.example.org/wp-json/x/v1']);
  expect(notUrl.code).toBe(2);
  expect(notUrl.stderr).toContain(
    '--api (or $SCHEMA_MANAGER_API) "cms.example.org/wp-json/x/v1" is not an absolute URL',
  );
  expect(notUrl.stderr).not.toMatch(/createClient|baseUrl|\(invalid_options\)/);

  const anonymous = await cli(['pull', '--api', api, '--out', 'never.json'], {
    SCHEMA_MANAGER_USER: '',
    SCHEMA_MANAGER_PASSWORD: '',
  });
  expect(anonymous.code).toBe(1);
  expect(anonymous.stderr).toContain(
    'this route needs credentials: give --user (or $SCHEMA_MANAGER_USER) and $SCHEMA_MANAGER_PASSWORD',
  );

  const closed = await cli(['pull', '--api', 'http://127.0.0.1:9/wp-json/x/v1', '--out', 'never.json'], {
    SCHEMA_MANAGER_USER: '',
    SCHEMA_MANAGER_PASSWORD: '',
  });
  expect(closed.code).toBe(1);
  expect(closed.stderr).toContain(
    'Hint: nothing answers at that host and port: check --api (or $SCHEMA_MANAGER_API)',
  );
});

test('validate checks files, pull files and stdin locally, and stored schemas locally or remotely', async () => {
  writeFileSync(
    join(dir, 'docs.json'),
    JSON.stringify([doc('Article', { headline: 'Ok' }), doc('Article', { datePublished: 5 })]),
  );
  const file = await cli(['validate', 'docs.json']);
  expect(file.code).toBe(1);
  expect(file.stdout).toMatch(
    /docs\.json\n(?: .*\n)* {2}error +\$\.datePublished .*invalid-value \(schema\.org\) document 2\n/,
  );
  // By the build's rules: Google's too, unless --rules names the vocabulary alone.
  expect(file.stdout).toContain('google-missing-recommended (google:article) document 1');
  const vocabulary = await cli(['validate', 'docs.json', '--rules', 'schema.org']);
  expect(vocabulary.stdout).not.toContain('google');

  writeFileSync(join(dir, 'seed.json'), JSON.stringify(seed));
  const seedRun = await cli(['validate', 'seed.json', '--format', 'json']);
  expect(seedRun.code).toBe(0);
  const report = JSON.parse(seedRun.stdout);
  expect(report.summary).toMatchObject({ files: 3, documents: 3, errors: 0 });
  expect(report.files[1].file).toBe('seed.json https://example.com/');
  expect(report.files[1].documents[0].label).toBe('schemas[1] WebSite');

  // schema_data as its JSON text, as the README's seed example and the API write it, is that document.
  const asText = {
    schemas: [
      { url: 'https://example.com/t/', schema_data: JSON.stringify(doc('Article', { headline: 'As text' })) },
      { url: 'https://example.com/u/', schema_data: JSON.stringify(doc('Article', { datePublished: 5 })) },
    ],
  };
  writeFileSync(join(dir, 'seed-text.json'), JSON.stringify(asText));
  const textRun = await cli(['validate', 'seed-text.json', '--format', 'json', '--rules', 'schema.org']);
  expect(textRun.code).toBe(1);
  const textReport = JSON.parse(textRun.stdout);
  expect(textReport.files[0].documents[0].issues).toEqual([]);
  expect(textReport.files[1].documents[0].issues).toEqual([
    expect.objectContaining({ path: '$.datePublished', code: 'invalid-value' }),
  ]);

  const stdin = await cli(['validate', '-'], {}, '{"@context": "https://schema.org",\n  "@type": "Thing",,}');
  expect(stdin.code).toBe(1);
  expect(stdin.stdout).toMatch(/stdin\n.*json-parse-error .* 2:\d+/);

  const api = await startApi({
    seed: {
      schemas: [
        ...seed.schemas!,
        { url: 'https://example.com/bad/', schema_data: doc('Article', { datePublished: 5 }) },
        // One page whose WebSite names its publisher by the @id the page's Organization defines.
        {
          url: 'https://example.com/linked/',
          schema_data: doc('WebSite', { name: 'S', publisher: { '@id': 'https://example.com/#org' } }),
        },
        {
          url: 'https://example.com/linked/',
          schema_data: doc('Organization', { '@id': 'https://example.com/#org', name: 'O' }),
        },
      ],
    },
  });
  // A page's schemas are validated together, as the build and check do: the reference resolves.
  const linked = await cli(['validate', '--url', 'https://example.com/linked/', '--format', 'json'], {
    SCHEMA_MANAGER_API: api,
  });
  expect(linked.code).toBe(0);
  expect(JSON.parse(linked.stdout).summary).toMatchObject({ documents: 2, errors: 0, warnings: 0 });
  const local = await cli(
    ['validate', '--url', 'https://example.com/bad/', '--url', 'https://example.com/'],
    { SCHEMA_MANAGER_API: api },
  );
  expect(local.code).toBe(1);
  expect(local.stdout).toContain('https://example.com/bad/\n');
  expect(local.stdout).toContain('2 pages, 2 JSON-LD documents: 1 error,');
  // A page without an active schema is named in the report; the other pages are still validated.
  const missing = await cli(
    ['validate', '--url', 'https://example.com/nothing-here/', '--url', 'https://example.com/linked/'],
    { SCHEMA_MANAGER_API: api },
  );
  expect(missing.code).toBe(1);
  expect(missing.stdout).toMatch(
    /nothing-here\/\n.*the CMS has no active schema for this page: check the address/,
  );
  expect(missing.stdout).toContain('2 JSON-LD documents');

  const remote = await cli(
    ['validate', '--id', '1', '--id', '4', '--remote', '--format', 'json'],
    as(editor, api),
  );
  expect(remote.code).toBe(1);
  const files = JSON.parse(remote.stdout).files;
  expect(files.map((f: { file: string }) => f.file)).toEqual(['schema #1', 'schema #4']);
  expect(files[1].documents[0].issues[0]).toMatchObject({
    severity: 'error',
    path: '$.datePublished',
    rule: 'remote',
  });

  expect((await cli(['validate', '--remote', '--rules', 'google', '--id', '1'], as(editor, api))).code).toBe(
    2,
  );
  expect((await cli(['validate'])).code).toBe(2);
});

test('scan proposes with --dry-run, then writes; pages that fail are listed and exit 1', async () => {
  const api = await startApi({ site: [origin] });
  const dry = await cli(['scan', '--url', `${origin}/post/`, '--dry-run'], as(admin, api));
  expect(dry.code).toBe(0);
  expect(dry.stdout).toMatch(/proposed +http:\/\/127\.0\.0\.1:\d+\/post\/ {2}WebPage/);
  expect(dry.stdout).toContain('Dry run: nothing was written.');
  expect(await readBack(api)).toEqual([]);

  const run = await cli(['scan', '--url', `${origin}/post/,${origin}/gone/`, '--json'], as(admin, api));
  expect(run.code).toBe(1);
  const result = JSON.parse(run.stdout);
  expect(result).toMatchObject({ scanned: 1, created: expect.any(Number) });
  expect(result.errors).toEqual([expect.objectContaining({ url: `${origin}/gone/` })]);
  expect((await readBack(api)).length).toBe(result.created);

  // A dry run of --overwrite shows what each proposal would replace, and how its data would change.
  const webPage = (await readBack(api)).find((record) => record.schema_type === 'WebPage')!;
  const client = createClient({ baseUrl: api, username: admin.name, password: admin.password });
  await client.schemas.update(webPage.id, {
    schema_name: 'Edited by hand',
    schema_data: { ...(webPage.data as object), name: 'Edited by hand' },
  });
  await client.close();
  const over = await cli(['scan', '--url', `${origin}/post/`, '--overwrite', '--dry-run'], as(admin, api));
  expect(over.code, over.stderr).toBe(0);
  expect(over.stdout).toMatch(
    new RegExp(
      `^#${webPage.id} +http://127\\.0\\.0\\.1:\\d+/post/ {2}WebPage "[^"]+" {2}replacing WebPage "Edited by hand"\n {4}\\$\\.name: "Edited by hand" → "[^"]+"$`,
      'm',
    ),
  );
  expect(over.stdout).toMatch(/\d+ would be updated/);

  expect((await cli(['scan'], as(admin, api))).code).toBe(2);
});

test('bulk duplicates lists affected records, changes nothing on --dry-run, then removes them', async () => {
  const copy = { url: 'https://example.com/', schema_data: doc('WebSite', { name: 'Example' }) };
  const api = await startApi({
    seed: { schemas: [copy, copy, { ...copy, url: 'https://example.com/blog/a/' }] },
  });
  const dry = await cli(['bulk', 'duplicates', '--dry-run'], as(admin, api));
  expect(dry.code).toBe(0);
  expect(dry.stdout).toMatch(/#2 +https:\/\/example\.com\/ /);
  expect(dry.stdout).toContain('duplicates: 1 record would be affected. Dry run: nothing was changed.');
  expect(await readBack(api)).toHaveLength(3);

  const run = await cli(['bulk', 'duplicates', '--json'], as(admin, api));
  expect(JSON.parse(run.stdout)).toMatchObject({ action: 'duplicates', affected: 1, items: [{ id: 2 }] });
  expect((await readBack(api)).map((r) => r.id)).toEqual([1, 3]);

  expect((await cli(['bulk', 'purge'], as(admin, api))).code).toBe(2);
  expect((await cli(['bulk', 'fix', '--id', 'x'], as(admin, api))).code).toBe(2);
  // An id the API does not hold is named, and nothing runs (the API itself passes over it).
  const unknown = await cli(['bulk', 'duplicates', '--id', '1,99'], as(admin, api));
  expect(unknown).toMatchObject({ code: 2, stdout: '' });
  expect(unknown.stderr).toContain('The API holds no schema #99: nothing was run.');
  expect(unknown.stderr).not.toContain('--help');
  expect((await readBack(api)).map((r) => r.id)).toEqual([1, 3]);
  const known = await cli(['bulk', 'duplicates', '--id', '1', '--dry-run'], as(admin, api));
  expect(known.stdout).toContain('duplicates: 0 records would be affected.');
  const forbidden = await cli(['bulk', 'fix'], as(editor, api));
  expect(forbidden.code).toBe(1);
  expect(forbidden.stderr).toContain('manage_options');
});
