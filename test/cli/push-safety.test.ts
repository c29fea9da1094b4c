// What a push must never do with files a pull wrote: delete what a partial pull never read, pair a file's
// schema with another spelling's record, take one of two entries for a page silently, or hide the server's
// reason for a refusal. Real CLI processes against reference servers.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import type { SeedFile } from '../../src/server/index.ts';
import { admin, as, cliHarness, jsonLd as doc, readBack } from '../support/cli-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'push-safety-'));
const { cli, startApi, close } = cliHarness(dir);
afterAll(async () => {
  await close();
  rmSync(dir, { recursive: true, force: true });
});
const file = (name: string) => join(dir, name);

const seed: SeedFile = {
  schemas: [
    { url: 'https://example.com/', schema_data: doc('WebSite', { name: 'Example' }) },
    { url: 'https://example.com/a/', schema_data: doc('Article', { headline: 'A' }) },
    { url: 'https://example.com/a/', schema_data: doc('FAQPage', { name: 'A FAQ' }) },
    { url: 'https://example.com/b/', schema_data: doc('Article', { headline: 'B' }) },
  ],
};

test('a pull of one page, pushed with --prune, deletes nothing outside that page (file and directory)', async () => {
  const api = await startApi({ seed });
  const env = as(admin, api);
  expect((await cli(['pull', '--url', 'https://example.com/a/', '--out', 'one.json'], env)).code).toBe(0);
  const one = JSON.parse(readFileSync(file('one.json'), 'utf8'));
  expect(one.selection).toEqual([{ urls: ['https://example.com/a/'] }]);
  // Dropping the FAQ from the page's file is what --prune is for: that one record goes, and only it.
  one.schemas = one.schemas.filter((schema: { schema_type: string }) => schema.schema_type !== 'FAQPage');
  writeFileSync(file('one.json'), JSON.stringify(one));
  const pushed = await cli(['push', 'one.json', '--prune'], env);
  expect(pushed.code, pushed.stderr).toBe(0);
  expect(pushed.stdout).toMatch(/^- #3 https:\/\/example\.com\/a\/ {2}FAQPage "FAQPage"$/m);
  expect(pushed.stdout).toContain(
    "--prune stays within what one.json was pulled with (the page https://example.com/a/): the API's other schemas are kept.",
  );
  expect((await readBack(api)).map((record) => record.id)).toEqual([1, 2, 4]);

  // The same into a directory that held no page file yet: it records what it was pulled with.
  expect((await cli(['pull', '--type', 'Article', '--out', 'articles/'], env)).code).toBe(0);
  expect(existsSync(file('articles/.pull-selection.json'))).toBe(true);
  rmSync(file('articles/example.com/b.json'));
  const plan = await cli(['push', 'articles/', '--prune', '--dry-run'], env);
  expect(plan.stdout).toMatch(/^- #4 https:\/\/example\.com\/b\/ {2}Article "Article"$/m);
  expect(plan.stdout).not.toMatch(/^- #1 /m);
  expect(plan.stdout).toContain('(type Article)');
  // A check without the flags says how the directory was pulled, and how to check it.
  const check = await cli(['pull', '--check', 'articles/'], env);
  expect(check.stderr).toContain(
    'articles/ was pulled with --type Article: compare it with the same flags (pull --type Article --check articles/)',
  );
  // A whole pull into it makes it speak for the whole API again.
  expect((await cli(['pull', '--out', 'articles/'], env)).code).toBe(0);
  expect(existsSync(file('articles/.pull-selection.json'))).toBe(false);
}, 120_000);

test('two spellings of one page in the CMS stay two records through pull and push', async () => {
  const api = await startApi({
    seed: {
      schemas: [
        { url: 'https://example.com/About/', schema_data: doc('AboutPage', { name: 'Upper' }) },
        { url: 'https://example.com/about/', schema_data: doc('AboutPage', { name: 'Lower' }) },
      ],
    },
  });
  const env = as(admin, api);
  expect((await cli(['pull', '--out', 'spellings/'], env)).code).toBe(0);
  // Distinct names even where the file system ignores letter case.
  expect(existsSync(file('spellings/example.com/About.json'))).toBe(true);
  expect(existsSync(file('spellings/example.com/about~~2.json'))).toBe(true);
  expect((await cli(['push', 'spellings/'], env)).stdout).toMatch(/^Nothing to change/);
  const lower = JSON.parse(readFileSync(file('spellings/example.com/about~~2.json'), 'utf8'));
  lower.schemas[0].schema_data.name = 'Lower, edited';
  writeFileSync(file('spellings/example.com/about~~2.json'), JSON.stringify(lower));
  const pushed = await cli(['push', 'spellings/'], env);
  expect(pushed.stdout).toMatch(/^~ #2 https:\/\/example\.com\/about\/ /m);
  expect(pushed.stdout).toContain('$.name: "Lower" → "Lower, edited"');
  expect((await readBack(api)).map((record) => JSON.parse(record.schema_data).name)).toEqual([
    'Upper',
    'Lower, edited',
  ]);
}, 60_000);

test('a pull file with two meta entries for one page is refused, naming both', async () => {
  writeFileSync(
    file('twice.json'),
    JSON.stringify({
      meta: [
        { url: 'https://example.com/', title: 'One' },
        { url: 'https://example.com/', title: 'Two' },
      ],
    }),
  );
  const run = await cli(['push', 'twice.json', '--dry-run'], { SCHEMA_MANAGER_API: 'http://127.0.0.1:9' });
  expect(run.code).toBe(2);
  expect(run.stderr).toContain('meta[1].url: https://example.com/ is also meta[0]; keep one entry per page');
  expect(run.stderr).not.toContain('--help');
});

test("a write the server refuses says the server's reason for each field", async () => {
  const api = await startApi({ seed: {} });
  writeFileSync(
    file('elsewhere.json'),
    JSON.stringify({
      schemas: [
        { url: 'https://elsewhere.example.org/', schema_data: doc('WebSite', { name: 'Elsewhere' }) },
      ],
    }),
  );
  const run = await cli(['push', 'elsewhere.json'], as(admin, api));
  expect(run.code).toBe(1);
  expect(run.stdout).toMatch(/failed \+ https:\/\/elsewhere\.example\.org\/ .*\n {2}.*\n {4}url: .*host/);
}, 60_000);

test('numbers with more digits than a double keeps go through pull and push as the CMS holds them', async () => {
  const text =
    '{"@context":"https://schema.org","@type":"Product","name":"Big","productID":9007199254740993,"gtin13":12345678901234567890,"weight":-0}';
  const api = await startApi({ seed: { schemas: [{ url: 'https://example.com/p/', schema_data: text }] } });
  const env = as(admin, api);
  expect((await cli(['pull', '--out', 'big.json'], env)).code).toBe(0);
  const pulled = readFileSync(file('big.json'), 'utf8');
  expect(pulled).toContain('"productID": 9007199254740993');
  expect(pulled).toContain('"gtin13": 12345678901234567890');
  expect((await cli(['push', 'big.json'], env)).stdout).toMatch(/^Nothing to change/);
  // Only the name is edited: the plan says only that, and the digits stay as they were.
  writeFileSync(file('big.json'), pulled.replace('"name": "Big"', '"name": "Bigger"'));
  // The vocabulary alone: the Product has no image, which Google's rules (the default) would refuse.
  const pushed = await cli(['push', 'big.json', '--rules', 'schema.org'], env);
  expect(pushed.code, pushed.stderr).toBe(0);
  expect(pushed.stdout).toContain('$.name: "Big" → "Bigger"');
  expect(pushed.stdout).not.toMatch(/^ {4}\$\.(productID|gtin13|weight)/m);
  // The validator's advice does not quote digits that are not the user's.
  expect(pushed.stdout).toContain(
    '"gtin13" expects text; write the number as a string, in quotes, with its digits as written',
  );
  expect(pushed.stdout).not.toContain('write "12345678901234567000" as a string');
  const [stored] = await readBack(api);
  expect(stored!.schema_data).toContain('"productID":9007199254740993');
  expect(stored!.schema_data).toContain('"gtin13":12345678901234567890');
  expect((await cli(['pull', '--check', 'big.json'], env)).code).toBe(0);
}, 60_000);

test('the plan and the writes go page by page, so a push stopped half-way leaves whole pages', async () => {
  const api = await startApi({ seed: {} });
  const page = (path: string) => ({
    url: `https://example.com/${path}/`,
    schemas: [{ schema_data: doc('WebPage', { name: path }) }],
    meta: { title: `Title ${path}` },
  });
  writeFileSync(
    file('pages.json'),
    JSON.stringify({
      schemas: ['a', 'b'].map((path) => ({ url: page(path).url, ...page(path).schemas[0] })),
      meta: ['a', 'b'].map((path) => ({ url: page(path).url, ...page(path).meta })),
    }),
  );
  const plan = await cli(['push', 'pages.json', '--dry-run'], as(admin, api));
  const lines = plan.stdout.split('\n').filter((line) => /^[+~-] /.test(line));
  expect(lines).toEqual([
    expect.stringMatching(/^\+ https:\/\/example\.com\/a\/ /),
    expect.stringMatching(/^\+ meta https:\/\/example\.com\/a\//),
    expect.stringMatching(/^\+ https:\/\/example\.com\/b\/ /),
    expect.stringMatching(/^\+ meta https:\/\/example\.com\/b\//),
  ]);
}, 60_000);

test('meta for one page in two spellings is refused where the API keeps one entry, and kept where it keeps two', async () => {
  const encoded = 'https://example.com/caf%C3%A9/';
  const decoded = 'https://example.com/café/';
  const api = await startApi({ seed: { meta: [{ url: encoded, title: 'Café' }] } });
  const env = as(admin, api);
  writeFileSync(
    file('twice-spelled.json'),
    JSON.stringify({
      meta: [
        { url: encoded, title: 'Encoded title' },
        { url: decoded, title: 'Decoded title' },
      ],
    }),
  );
  const refused = await cli(['push', 'twice-spelled.json', '--dry-run'], env);
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain(
    `meta is given for ${encoded} and for ${decoded}, one page in two spellings, which the API keeps as one entry`,
  );
  // A mistake in the files, not in the call: no pointer to the options.
  expect(refused.stderr).not.toContain('--help');
  // The API holding the two spellings apart (as pull then writes them): each file entry is its own.
  const both = await startApi({
    seed: {
      meta: [
        { url: encoded, title: 'Encoded title' },
        { url: decoded, title: 'Decoded title' },
      ],
    },
  });
  expect((await cli(['push', 'twice-spelled.json'], as(admin, both))).stdout).toMatch(/^Nothing to change/);
}, 60_000);

test('a schema renamed in its page file is noted beside its record, and with --prune updates it (same id)', async () => {
  const api = await startApi({ seed });
  const env = as(admin, api);
  expect((await cli(['pull', '--out', 'renamed/'], env)).code).toBe(0);
  const pageFile = file('renamed/example.com/b.json');
  const page = JSON.parse(readFileSync(pageFile, 'utf8'));
  page.schemas[0].schema_name = 'Post B';
  writeFileSync(pageFile, JSON.stringify(page));

  const kept = await cli(['push', 'renamed/', '--dry-run'], env);
  expect(kept.code, kept.stderr).toBe(0);
  expect(kept.stdout).toMatch(/^\+ https:\/\/example\.com\/b\/ {2}Article "Post B"$/m);
  expect(kept.stdout).toContain(
    'Note: https://example.com/b/  Article "Post B" is created beside #4 Article "Article", which nothing in renamed/ matches; both stay. If it was renamed, push with --prune to update #4 instead.',
  );

  const pruned = await cli(['push', 'renamed/', '--prune'], env);
  expect(pruned.code, pruned.stderr).toBe(0);
  expect(pruned.stdout).toMatch(
    /^~ #4 https:\/\/example\.com\/b\/ {2}Article "Post B"\n {4}schema_name: "Article" → "Post B"$/m,
  );
  expect(pruned.stdout).toContain('Schemas: 0 created, 1 updated, 3 unchanged, 0 deleted.');
  const records = await readBack(api);
  expect(records.map(({ id, schema_name }) => [id, schema_name])).toEqual([
    [1, 'WebSite'],
    [2, 'Article'],
    [3, 'FAQPage'],
    [4, 'Post B'],
  ]);
  expect((await cli(['push', 'renamed/', '--prune'], env)).stdout).toContain('Nothing to change');
}, 60_000);

test('pull --url and validate --url find a page given in another spelling of its escapes, as push does', async () => {
  const stored = 'https://example.com/caf%C3%A9/';
  const api = await startApi({
    seed: {
      schemas: [
        { url: stored, schema_data: doc('WebPage', { name: 'Café' }) },
        { url: 'https://example.com/other/', schema_data: doc('WebPage', { name: 'Other' }) },
      ],
      meta: [{ url: stored, title: 'Café' }],
    },
  });
  const env = as(admin, api);
  for (const given of ['https://example.com/café/', 'https://example.com/caf%c3%a9/']) {
    const pulled = await cli(['pull', '--url', given, '--out', 'cafe.json'], env);
    expect(pulled.code, pulled.stderr).toBe(0);
    const file = JSON.parse(readFileSync(join(dir, 'cafe.json'), 'utf8'));
    expect(file.schemas.map((schema: { url: string }) => schema.url)).toEqual([stored]);
    expect(file.meta).toEqual([expect.objectContaining({ url: stored, title: 'Café' })]);
    const check = await cli(['pull', '--url', given, '--check', 'cafe.json'], env);
    expect(check.code, check.stdout).toBe(0);
    const validated = await cli(['validate', '--url', given, '--rules', 'schema.org'], env);
    expect(validated.code, validated.stdout).toBe(0);
    expect(validated.stdout).toContain('1 page, 1 JSON-LD document: 0 errors');
  }
}, 60_000);

test("a page's new schemas are created in the file's order, so the pull after a push matches the files", async () => {
  const api = await startApi({ seed: {} });
  const env = as(admin, api);
  const pages = Array.from({ length: 12 }, (_, n) => `https://example.com/order/${n}/`);
  writeFileSync(
    file('order.json'),
    JSON.stringify({
      schemas: pages.flatMap((url) => [
        { url, schema_data: doc('Article', { headline: url }) },
        { url, schema_data: doc('BreadcrumbList', { itemListElement: [] }) },
      ]),
    }),
  );
  // The vocabulary alone: Google's rules refuse an empty breadcrumb, beside the point here.
  const pushed = await cli(['push', 'order.json', '--concurrency', '8', '--rules', 'schema.org'], env);
  expect(pushed.code, pushed.stderr).toBe(0);
  // Each page's Article (first in the file) has the lower id: pull lists a page's schemas by id.
  const records = await readBack(api);
  for (const url of pages) {
    const onPage = records.filter((record) => record.url === url).sort((a, b) => a.id - b.id);
    expect(onPage.map((record) => record.schema_type)).toEqual(['Article', 'BreadcrumbList']);
  }
  expect((await cli(['pull', '--out', 'order-pulled.json'], env)).code).toBe(0);
  const pulled = JSON.parse(readFileSync(file('order-pulled.json'), 'utf8'));
  expect(pulled.schemas.map((schema: { schema_type: string }) => schema.schema_type)).toEqual(
    pages.toSorted().flatMap(() => ['Article', 'BreadcrumbList']),
  );
}, 60_000);

test('--prune says which pages without a file keep their meta and social, which it never deletes', async () => {
  const api = await startApi({
    seed: {
      schemas: [
        { url: 'https://example.com/kept/', schema_data: doc('WebPage', { name: 'Kept' }) },
        { url: 'https://example.com/gone/', schema_data: doc('WebPage', { name: 'Gone' }) },
      ],
      meta: [
        { url: 'https://example.com/kept/', title: 'Kept' },
        { url: 'https://example.com/gone/', title: 'Gone' },
      ],
      social: [{ url: 'https://example.com/gone/', og: { title: 'Gone' } }],
    },
  });
  const env = as(admin, api);
  expect((await cli(['pull', '--out', 'tags-kept/'], env)).code).toBe(0);
  rmSync(file('tags-kept/example.com/gone.json'));
  const plan = await cli(['push', 'tags-kept/', '--prune', '--dry-run'], env);
  expect(plan.code, plan.stderr).toBe(0);
  expect(plan.stdout).toMatch(/^- #2 https:\/\/example\.com\/gone\/ {2}WebPage "WebPage"$/m);
  expect(plan.stdout).toContain(
    '--prune deletes schemas only: 1 page with no entry in tags-kept/ keeps its meta or social tags in the API (https://example.com/gone/), which a pull writes back as page files. Clear them in the CMS if the pages are gone.',
  );
}, 60_000);
