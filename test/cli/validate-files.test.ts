// `validate` of what `pull` writes (one pull file, a directory of page files, one page file) judges each page as
// the build does: its active schemas together, so an `@id` one defines resolves in another, and an inactive one
// alone. `push` takes one page file too, speaking for its page alone. Real CLI processes; push against a
// reference server.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { admin, as, cliHarness, jsonLd as doc, readBack } from '../support/cli-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'validate-files-'));
const { cli, startApi, close } = cliHarness(dir);
afterAll(async () => {
  await close();
  rmSync(dir, { recursive: true, force: true });
});

const HOME = 'https://example.com/';
const ORG = 'https://example.com/#org';
// The home page's WebSite names its publisher by the @id of the Organization, a schema of its own, as a CMS
// keeps them; an old Article on that page is inactive and invalid.
const schemas = [
  { schema_name: 'Site', schema_data: doc('WebSite', { name: 'Example', publisher: { '@id': ORG } }) },
  { schema_data: doc('Organization', { '@id': ORG, name: 'Example Inc', url: HOME }) },
  {
    schema_name: 'Old',
    schema_data: doc('Article', { headline: 'Old', datePublished: 5 }),
    is_active: false,
  },
];

test('a pull file: a page’s schemas together, an inactive one alone, named so, failing nothing', async () => {
  writeFileSync(
    join(dir, 'pulled.json'),
    JSON.stringify({ schemas: schemas.map((schema) => ({ url: HOME, ...schema })) }),
  );
  const run = await cli(['validate', 'pulled.json', '--rules', 'schema.org']);
  expect(run.stdout).not.toContain('unresolved-id');
  expect(run.stdout).toMatch(
    /^pulled\.json https:\/\/example\.com\/\n {2}error +\$\.datePublished .* schemas\[2\] Article "Old" \(inactive: not built, validated alone, fails nothing\)\n/m,
  );
  // It is never built, as push does not stop for it: a CI step gating on the file passes.
  expect(run.stdout).toContain(
    '1 page, 3 JSON-LD documents: 0 errors, 0 warnings, 0 info; 1 finding in inactive schemas, not built, not counted.',
  );
  expect(run.code).toBe(0);
  const github = await cli(['validate', 'pulled.json', '--rules', 'schema.org', '--format', 'github']);
  expect(github.stdout).toMatch(/^::notice file=pulled\.json,.*::schemas\[2\] Article "Old" \(inactive/m);
  expect(github.stdout).not.toContain('::error');
  expect(github.code).toBe(0);
  const junit = await cli(['validate', 'pulled.json', '--rules', 'schema.org', '--format', 'junit']);
  expect(junit.stdout).toContain('failures="0"');
  expect(junit.stdout).toMatch(/<system-out>error invalid-\S+ \$\.datePublished/);

  const json = JSON.parse((await cli(['validate', 'pulled.json', '--format', 'json'])).stdout);
  expect(json.files.map((file: { file: string }) => file.file)).toEqual(['pulled.json https://example.com/']);
  expect(json.files[0]).toMatchObject({ path: 'pulled.json', url: HOME });
  expect(json.files[0].documents.map((document: { label: string }) => document.label)).toEqual([
    'schemas[0] WebSite "Site"',
    'schemas[1] Organization',
    'schemas[2] Article "Old" (inactive: not built, validated alone, fails nothing)',
  ]);
});

test('a finding every page of a pull file has is said once, naming the file and each schema with its page', async () => {
  const pages = ['a/', 'b/', 'c/'].map((path) => ({
    url: `${HOME}${path}`,
    schema_data: doc('Article', { headline: path, datePublished: 'yesterday' }),
  }));
  writeFileSync(join(dir, 'template.json'), JSON.stringify({ schemas: pages }));
  const run = await cli(['validate', 'template.json', '--rules', 'schema.org']);
  expect(run.stdout).toContain(
    'in 3 documents of template.json: schemas[0] Article (https://example.com/a/), schemas[1] Article (https://example.com/b/), schemas[2] Article (https://example.com/c/)',
  );
  expect(run.stdout).toContain('3 pages, 3 JSON-LD documents: 3 errors');
});

test('a directory of page files, and one page file alone', async () => {
  mkdirSync(join(dir, 'seo', 'example.com'), { recursive: true });
  writeFileSync(join(dir, 'seo', 'example.com', 'index.json'), JSON.stringify({ url: HOME, schemas }));
  writeFileSync(
    join(dir, 'seo', 'example.com', 'about.json'),
    JSON.stringify({ url: `${HOME}about/`, schemas: [{ schema_data: doc('AboutPage', { name: 'About' }) }] }),
  );
  const whole = await cli(['validate', 'seo/', '--rules', 'schema.org']);
  expect(whole.stdout).not.toContain('unresolved-id');
  expect(whole.stdout).toMatch(
    /^seo\/example\.com\/index\.json https:\/\/example\.com\/\n {2}error +\$\.datePublished .* schemas\[2\] Article "Old"/m,
  );
  expect(whole.stdout).toContain('2 pages, 4 JSON-LD documents: 0 errors, 0 warnings, 0 info; 1 finding in');

  // GitHub's annotations point at the file itself, so they show on it in a pull request.
  const annotations = await cli(['validate', 'seo/', '--rules', 'schema.org', '--format', 'github']);
  expect(annotations.stdout).toMatch(
    /^::notice file=seo\/example\.com\/index\.json,line=1,col=1,title=invalid-value::schemas\[2\] Article "Old" \(inactive: not built, validated alone, fails nothing\): \$\.datePublished: /m,
  );

  const one = await cli(['validate', 'seo/example.com/index.json', '--rules', 'schema.org']);
  expect(one.stdout).not.toContain('unresolved-id');
  expect(one.stdout).toContain('1 page, 3 JSON-LD documents: 0 errors, 0 warnings, 0 info; 1 finding in');

  // A page file with meta alone is a page file too; a second file for one page is named with its directory;
  // a field of the pull file's (selection) is not a typo of itself.
  writeFileSync(join(dir, 'meta-only.json'), JSON.stringify({ url: HOME, meta: { title: 'Home' } }));
  const metaOnly = await cli(['validate', 'meta-only.json']);
  expect(metaOnly.code).toBe(0);
  expect(metaOnly.stdout).toContain('0 pages, 0 JSON-LD documents');
  writeFileSync(join(dir, 'seo', 'example.com', 'home.json'), JSON.stringify({ url: HOME, schemas: [] }));
  const twice = await cli(['validate', 'seo/']);
  expect(twice.code).toBe(2);
  expect(twice.stderr).toMatch(
    /seo\/example\.com\/(home|index)\.json: https:\/\/example\.com\/ is also in seo\/example\.com\/(home|index)\.json;/,
  );
  rmSync(join(dir, 'seo', 'example.com', 'home.json'));
  writeFileSync(join(dir, 'selection.json'), JSON.stringify({ url: HOME, schemas: [], selection: [] }));
  const selection = await cli(['validate', 'selection.json']);
  expect(selection.stderr).toContain('unknown field "selection"');
  expect(selection.stderr).not.toContain('did you mean');

  // A field a pull never writes is named, as push names it, not validated past.
  writeFileSync(
    join(dir, 'typo.json'),
    JSON.stringify({ url: HOME, schemas: [{ name: 'Site', schema_data: doc('WebSite', { name: 'S' }) }] }),
  );
  const typo = await cli(['validate', 'typo.json']);
  expect(typo.code).toBe(2);
  expect(typo.stderr).toContain('schemas[0]: unknown field "name"');
});

test('push of one page file changes that page alone, --prune included', async () => {
  const api = await startApi({
    seed: {
      schemas: [
        { url: HOME, schema_data: doc('WebSite', { name: 'Stale' }) },
        { url: `${HOME}contact/`, schema_data: doc('ContactPage', { name: 'Contact' }) },
      ],
    },
  });
  const file = join('seo', 'example.com', 'index.json');
  const active = { url: HOME, schemas: schemas.slice(0, 2) };
  writeFileSync(join(dir, file), JSON.stringify(active));
  const push = await cli(['push', file, '--prune'], as(admin, api));
  expect(push.stderr).toBe('');
  expect(push.code).toBe(0);
  const records = (await readBack(api)).map((record) => `${record.url} ${record.schema_type}`);
  expect(records.sort()).toEqual([
    'https://example.com/ Organization',
    'https://example.com/ WebSite',
    'https://example.com/contact/ ContactPage',
  ]);
});

test('push of one page file leaves the records of its URL in another letter case, which pull writes apart', async () => {
  // WordPress finds /Team/ when asked for /team/, but a pull writes each spelling's records to a file of its own.
  const api = await startApi({
    seed: {
      schemas: [
        { url: `${HOME}Team/`, schema_data: doc('WebPage', { name: 'Team' }) },
        { url: `${HOME}team/`, schema_data: doc('AboutPage', { name: 'About the team' }) },
      ],
    },
  });
  writeFileSync(
    join(dir, 'Team.json'),
    JSON.stringify({ url: `${HOME}Team/`, schemas: [{ schema_data: doc('WebPage', { name: 'Team' }) }] }),
  );
  const push = await cli(['push', 'Team.json', '--prune'], as(admin, api));
  expect(push.code, push.stderr).toBe(0);
  const records = (await readBack(api)).map((record) => `${record.url} ${record.schema_type}`);
  expect(records.sort()).toEqual([`${HOME}Team/ WebPage`, `${HOME}team/ AboutPage`]);
});

test('a page file that is a symbolic link is read, and a link to nothing is named, not skipped', async () => {
  mkdirSync(join(dir, 'linked', 'example.com'), { recursive: true });
  mkdirSync(join(dir, 'kept'), { recursive: true });
  writeFileSync(
    join(dir, 'kept', 'about.json'),
    JSON.stringify({ url: `${HOME}about/`, schemas: [{ schema_data: doc('AboutPage', { name: 'About' }) }] }),
  );
  symlinkSync(join(dir, 'kept', 'about.json'), join(dir, 'linked', 'example.com', 'about.json'));
  const read = await cli(['validate', 'linked/', '--rules', 'schema.org']);
  expect(read.stdout).toContain('1 page, 1 JSON-LD document');
  symlinkSync(join(dir, 'kept', 'gone.json'), join(dir, 'linked', 'example.com', 'gone.json'));
  const dangling = await cli(['validate', 'linked/']);
  expect(dangling.code).toBe(2);
  expect(dangling.stderr).toContain(
    'linked/example.com/gone.json: a symbolic link to a file that does not exist',
  );
});

test('push says so when a page new to the API is held there under the other trailing slash', async () => {
  // WordPress's permalink /hello-world beside Astro's /hello-world/: a second record would be made for one page.
  const api = await startApi({
    seed: { schemas: [{ url: `${HOME}hello-world`, schema_data: doc('Article', { headline: 'WP' }) }] },
  });
  writeFileSync(
    join(dir, 'slash.json'),
    JSON.stringify({
      schemas: [{ url: `${HOME}hello-world/`, schema_data: doc('Article', { headline: 'Astro' }) }],
    }),
  );
  const plan = await cli(['push', 'slash.json', '--dry-run'], as(admin, api));
  expect(plan.code).toBe(0);
  expect(plan.stdout).toContain(
    `Note: ${HOME}hello-world/ is new to the API, which holds schemas for ${HOME}hello-world, the same page with the other trailing slash; a build reads one of the two.`,
  );
  const json = JSON.parse((await cli(['push', 'slash.json', '--dry-run', '--json'], as(admin, api))).stdout);
  expect(json.notes).toEqual([expect.stringContaining('the same page with the other trailing slash')]);
});
