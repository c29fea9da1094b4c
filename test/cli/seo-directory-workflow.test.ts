// SEO as code, as a reviewer lives it: pull the CMS into seo/ (one file per page), edit a file, review the plan,
// push, and let CI fail when seo/ and the CMS drift apart. Real CLI processes against reference servers.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { createClient } from '../../src/client/index.ts';
import type { SeedFile } from '../../src/server/index.ts';
import { admin, as, cliHarness, jsonLd as doc, editor, readBack } from '../support/cli-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'seo-code-'));
const { cli, startApi, close } = cliHarness(dir);
afterAll(async () => {
  await close();
  rmSync(dir, { recursive: true, force: true });
});

const seed: SeedFile = {
  schemas: [
    { url: 'https://example.com/', schema_data: doc('WebSite', { name: 'Example' }) },
    { url: 'https://example.com/blog/hello/', schema_data: doc('Article', { headline: 'Hello' }) },
    { url: 'https://example.com/blog/old/', schema_data: doc('Article', { headline: 'Old' }) },
  ],
  meta: [{ url: 'https://example.com/blog/hello/', title: 'Hello', description: 'A first post' }],
  social: [{ url: 'https://example.com/', og: { title: 'Example' } }],
};
const file = (name: string) => join(dir, name);
const read = (name: string) => readFileSync(file(name), 'utf8');
/** A page file as the tests edit it (loosely: a test may write what no page file should hold). */
interface PageEdit {
  schemas: Array<Record<string, unknown> & { schema_data: Record<string, unknown> }>;
  meta: Record<string, string>;
  social: { og: Record<string, string> };
}
const edit = (name: string, change: (page: PageEdit) => void) => {
  const page = JSON.parse(read(name));
  change(page);
  writeFileSync(file(name), `${JSON.stringify(page, null, 2)}\n`);
};

test('pull to seo/, edit one file, review, push, push again, and --check and --prune along the way', async () => {
  const api = await startApi({ seed });
  const env = as(admin, api);
  const pulled = await cli(['pull', '--out', 'seo/'], env);
  expect(pulled).toMatchObject({ code: 0, stderr: '' });
  expect(pulled.stdout).toBe(
    'Wrote 3 schemas, 1 meta entry and 1 social entry to seo/: 3 page files written, 0 unchanged, 0 removed.\n',
  );
  const hello = 'seo/example.com/blog/hello.json';
  expect(JSON.parse(read(hello))).toEqual({
    url: 'https://example.com/blog/hello/',
    schemas: [
      {
        schema_type: 'Article',
        schema_name: 'Article',
        is_active: true,
        schema_data: doc('Article', { headline: 'Hello' }),
      },
    ],
    meta: { title: 'Hello', description: 'A first post' },
  });
  expect(existsSync(file('seo/example.com/index.json'))).toBe(true);

  // Nothing changed yet: CI's check passes.
  const clean = await cli(['pull', '--check', 'seo/'], env);
  expect(clean).toMatchObject({ code: 0, stdout: '' });
  expect(clean.stderr).toBe('seo/ matches the API (3 files compared).\n');

  // The same content laid out otherwise (on one line, no final newline, is_active left to its default), as a
  // script or an editor writes it: no drift, said so.
  const pulledText = read(hello);
  const compact = JSON.parse(pulledText);
  delete compact.schemas[0].is_active;
  writeFileSync(file(hello), JSON.stringify(compact));
  const layout = await cli(['pull', '--check', 'seo/'], env);
  expect(layout).toMatchObject({ code: 0, stdout: '' });
  expect(layout.stderr).toBe(
    `${hello} holds what the API holds, laid out otherwise (a pull rewrites it in its own layout): no difference.\nseo/ matches the API (3 files compared).\n`,
  );
  writeFileSync(file(hello), pulledText);

  // A page file written by hand and not pushed yet: the check says a pull would delete it.
  writeFileSync(
    file('seo/example.com/new.json'),
    JSON.stringify({ url: 'https://example.com/new/', schemas: [] }),
  );
  const unpushed = await cli(['pull', '--check', 'seo/'], env);
  expect(unpushed.code).toBe(1);
  expect(unpushed.stderr).toContain(
    '0 files changed, 0 to add, 1 to remove (- is on disk, + is in the API). Run "astro-schema-manager pull --out seo/" to update it, or push it to change the API. The file to remove is a page the API does not have: a pull deletes it, so push first what is new.',
  );
  rmSync(file('seo/example.com/new.json'));

  // One edit: the check fails with a unified diff of that file alone, disk (-) to API (+).
  edit(hello, (page) => {
    page.meta.title = 'Hello, world';
  });
  const drift = await cli(['pull', '--check', 'seo/'], env);
  expect(drift.code).toBe(1);
  expect(drift.stdout).toBe(
    [
      `--- seo/${hello.slice(4)}`,
      `+++ seo/${hello.slice(4)}`,
      '@@ -13,7 +13,7 @@',
      '     }',
      '   ],',
      '   "meta": {',
      '-    "title": "Hello, world",',
      '+    "title": "Hello",',
      '     "description": "A first post"',
      '   }',
      ' }',
      '',
    ].join('\n'),
  );
  expect(drift.stderr).toContain('seo/ differs from the API: 1 file changed, 0 to add, 0 to remove');

  // The dry run plans that one change and nothing else.
  const before = await readBack(api);
  // The vocabulary alone: Google's recommendations for these short Articles are beside the point here.
  const dry = await cli(['push', 'seo/', '--dry-run', '--rules', 'schema.org'], env);
  expect(dry).toMatchObject({ code: 0, stderr: '' });
  expect(dry.stdout).toBe(
    [
      'Plan (dry run, nothing was changed):',
      '~ meta https://example.com/blog/hello/',
      '    title: "Hello" → "Hello, world"',
      'Schemas: 0 would be created, 0 would be updated, 3 unchanged, 0 would be deleted. Meta: 1 would be set, 0 unchanged. Social: 0 would be set, 1 unchanged.',
      '',
    ].join('\n'),
  );
  expect(await readBack(api)).toEqual(before);

  // A schema edit is planned by JSON path, old -> new.
  edit(hello, (page) => {
    page.schemas[0]!.schema_data.headline = 'Hello again';
  });
  const pushed = await cli(['push', 'seo/', '--rules', 'schema.org'], env);
  expect(pushed.code).toBe(0);
  expect(pushed.stdout).toMatch(
    /^Plan:\n~ #2 https:\/\/example\.com\/blog\/hello\/ {2}Article "Article"\n {4}\$\.headline: "Hello" → "Hello again"\n~ meta https:\/\/example\.com\/blog\/hello\/\n {4}title: "Hello" → "Hello, world"\nSchemas: 0 created, 1 updated, 2 unchanged, 0 deleted\. Meta: 1 set, 0 unchanged\./,
  );
  const client = createClient({ baseUrl: api, username: admin.name, password: admin.password });
  expect(await client.meta.get('https://example.com/blog/hello/')).toMatchObject({ title: 'Hello, world' });
  await client.close();
  expect((await readBack(api)).find((r) => r.id === 2)?.data).toEqual(
    doc('Article', { headline: 'Hello again' }),
  );

  // Idempotent: the same files again change nothing, and seo/ now matches the API.
  const again = await cli(['push', 'seo/', '--json'], env);
  expect(again.code).toBe(0);
  expect(JSON.parse(again.stdout)).toMatchObject({
    schemas: { created: 0, updated: 0, unchanged: 3, deleted: 0 },
    meta: { set: 0, unchanged: 1 },
    social: { set: 0, unchanged: 1 },
    steps: [],
    failed: 0,
  });
  const quiet = await cli(['push', 'seo/'], env);
  expect(quiet.stdout).toMatch(/^Nothing to change: the API already matches seo\/\.\n/);
  expect((await cli(['pull', '--check', 'seo/'], env)).code).toBe(0);

  // A page's file removed: kept on the server unless --prune; the check lists it to add.
  rmSync(file('seo/example.com/blog/old.json'));
  expect((await cli(['push', 'seo/'], env)).stdout).toMatch(/^Nothing to change/);
  const missing = await cli(['pull', '--check', 'seo/', '--json'], env);
  expect(missing.code).toBe(1);
  expect(JSON.parse(missing.stdout)).toMatchObject({
    equal: false,
    differences: [{ path: 'example.com/blog/old.json', status: 'added' }],
  });
  const prunePlan = await cli(['push', 'seo/', '--prune', '--dry-run'], env);
  expect(prunePlan.stdout).toMatch(/^- #3 https:\/\/example\.com\/blog\/old\/ {2}Article "Article"$/m);
  expect(await readBack(api)).toHaveLength(3);
  expect((await cli(['push', 'seo/', '--prune'], env)).code).toBe(0);
  expect((await readBack(api)).map((r) => r.url).sort()).toEqual([
    'https://example.com/',
    'https://example.com/blog/hello/',
  ]);

  // Pull rewrites only files whose bytes change and removes the files of pages the API no longer has.
  writeFileSync(file('seo/example.com/gone.json'), '{"url":"https://example.com/gone/","schemas":[]}\n');
  const past = new Date('2020-01-01T00:00:00Z');
  utimesSync(file(hello), past, past);
  const repull = await cli(['pull', '--out', 'seo', '--json'], env);
  expect(repull.code).toBe(0);
  expect(JSON.parse(repull.stdout)).toMatchObject({
    directory: 'seo',
    files: { written: [], unchanged: 2, removed: ['example.com/gone.json'] },
  });
  expect(existsSync(file('seo/example.com/gone.json'))).toBe(false);
  expect(statSync(file(hello)).mtime).toEqual(past);
  writeFileSync(file('seo/example.com/gone.json'), '{"url":"https://example.com/gone/","schemas":[]}\n');
  // A JSON file that is no page file (no url) is someone's notes: left where it is, and said so.
  mkdirSync(file('seo/notes'), { recursive: true });
  writeFileSync(file('seo/notes/todo.json'), '{"todo":["check the FAQ"]}\n');
  const output = (await cli(['pull', '--out', 'seo/'], env)).stdout;
  expect(output).toContain('Removed seo/example.com/gone.json (the API has nothing for this page).');
  expect(output).toContain(
    'Left seo/notes/todo.json as it is: not a page file (no JSON object with a "url").',
  );
  expect(read('seo/notes/todo.json')).toBe('{"todo":["check the FAQ"]}\n');
  // And a check right after the pull finds nothing to do: what a pull leaves is not a difference.
  expect((await cli(['pull', '--check', 'seo/'], env)).code).toBe(0);
  // A page file under a name of one's own: the pull writes the page under its own name, and says where.
  writeFileSync(file('seo/example.com/by-hand.json'), '{"url":"https://example.com/","schemas":[]}\n');
  expect((await cli(['pull', '--out', 'seo/'], env)).stdout).toContain(
    'Removed seo/example.com/by-hand.json (its page is now in seo/example.com/index.json).',
  );
}, 120_000); // About twenty CLI processes, one after another: a loaded machine needs more than the default.

test('an account that may not read meta and social keeps the ones seo/ has, so its check reports no deletion', async () => {
  const api = await startApi({ seed });
  expect((await cli(['pull', '--out', 'editor-seo/'], as(admin, api))).code).toBe(0);
  const check = await cli(['pull', '--check', 'editor-seo/'], as(editor, api));
  expect(check.code).toBe(0);
  expect(check.stderr).toContain(
    'Skipped meta: the user may not read it (needs manage_options); kept the 1 entry already in editor-seo/.\n',
  );
  const repull = await cli(['pull', '--out', 'editor-seo/'], as(editor, api));
  expect(repull.stdout).toContain('0 page files written, 3 unchanged, 0 removed.');
  // What was kept is not claimed as read.
  expect(repull.stdout).toContain('1 meta entry (kept, not read) and 1 social entry (kept, not read)');
  // The same account can plan (and push) the schemas; the tags it may not touch are skipped, said so.
  const plan = await cli(['push', 'editor-seo/', '--dry-run', '--rules', 'schema.org'], as(editor, api));
  expect(plan.code, plan.stderr).toBe(0);
  // Not "the API already matches": the tags were not compared.
  expect(plan.stdout).toMatch(
    /^Nothing to change in what this user may write: the API's schemas match editor-seo\/; its meta and social were not compared \(see above\)\.\n/,
  );
  expect(plan.stderr).toContain(
    'Skipped meta: the user may not read or write it (needs manage_options); 1 entry in editor-seo/ not compared or sent.',
  );
  expect(JSON.parse(read('editor-seo/example.com/blog/hello.json')).meta).toEqual({
    title: 'Hello',
    description: 'A first post',
  });
});

test('the single-file form still pulls, checks and pushes', async () => {
  const api = await startApi({ seed });
  const env = as(admin, api);
  expect((await cli(['pull', '--out', 'site.json'], env)).code).toBe(0);
  expect(JSON.parse(read('site.json')).schemas).toHaveLength(3);
  expect((await cli(['pull', '--check', 'site.json'], env)).code).toBe(0);
  const missing = await cli(['pull', '--check', 'nowhere.json'], env);
  expect(missing.code).toBe(1);
  expect(missing.stdout).toMatch(/^--- \/dev\/null\n\+\+\+ nowhere\.json\n/);
  expect((await cli(['push', 'site.json'], env)).stdout).toMatch(
    /^Nothing to change: the API already matches site\.json\./,
  );
  const both = await cli(['pull', '--out', 'a.json', '--check', 'a.json'], env);
  expect(both.code).toBe(2);
  expect(both.stderr).toContain('--out writes and --check compares: give one of them.');
});

test('a page file that is not JSON: the check compares it as a changed file and says why; a pull rewrites it', async () => {
  const api = await startApi({ seed });
  const env = as(admin, api);
  expect((await cli(['pull', '--out', 'broken/'], env)).code).toBe(0);
  const hello = 'broken/example.com/blog/hello.json';
  const whole = read(hello);
  // Cut off mid-file, as an editor's crash or a bad merge leaves it; and someone's notes, broken too.
  writeFileSync(file(hello), whole.slice(0, whole.indexOf('"meta"')));
  mkdirSync(file('broken/notes'));
  writeFileSync(file('broken/notes/todo.json'), '{"todo": [}\n');

  const check = await cli(['pull', '--check', 'broken/'], env);
  expect(check.code).toBe(1);
  // Not a new file from /dev/null: the file there, and what the API would put in its place.
  expect(check.stdout).toMatch(
    /^--- broken\/example\.com\/blog\/hello\.json\n\+\+\+ broken\/example\.com\/blog\/hello\.json\n/,
  );
  expect(check.stdout).toContain('+  "meta": {');
  expect(check.stderr).toMatch(
    /^broken\/example\.com\/blog\/hello\.json is not JSON \(Expected double-quoted property name at line 15, column 3\): a pull rewrites it with the page the API has\.$/m,
  );
  expect(check.stderr).toContain(
    "broken/notes/todo.json is not JSON (Unexpected token '}' at line 1, column 11): a pull leaves it, and push stops on it; fix or remove it.\n",
  );
  expect(check.stderr).toContain('broken/ differs from the API: 1 file changed, 0 to add, 0 to remove');
  const json = await cli(['pull', '--check', 'broken/', '--json'], env);
  expect(JSON.parse(json.stdout)).toMatchObject({
    differences: [{ path: 'example.com/blog/hello.json', status: 'changed' }],
    notJson: [
      { path: 'example.com/blog/hello.json', rewritten: true },
      { path: 'notes/todo.json', rewritten: false },
    ],
  });

  const pulled = await cli(['pull', '--out', 'broken/'], env);
  expect(pulled.stdout).toContain('1 page file written, 2 unchanged, 0 removed.');
  expect(pulled.stdout).toContain(
    "Left broken/notes/todo.json as it is: not JSON (Unexpected token '}' at line 1, column 11); push stops on it until it is fixed or removed.",
  );
  expect(read(hello)).toBe(whole);
  const again = await cli(['pull', '--check', 'broken/'], env);
  expect(again.code).toBe(0);
  expect(again.stderr).toContain('broken/notes/todo.json is not JSON');
});

test('a plan of many creates, deletes or renames of one kind says them in a line, naming how many', async () => {
  const pages = Array.from({ length: 25 }, (_, n) => `https://example.com/many/${n + 1}/`);
  const api = await startApi({});
  const env = as(admin, api);
  const articles = pages.map((url, n) => ({
    url,
    schema_data: doc('Article', { headline: `Post ${n + 1}` }),
  }));
  const about = { url: 'https://example.com/about/', schema_data: doc('AboutPage', { name: 'About' }) };
  writeFileSync(file('many.json'), JSON.stringify({ schemas: [...articles, about] }));
  const first = await cli(['push', 'many.json', '--dry-run'], env);
  expect(first.code, first.stderr).toBe(0);
  expect(first.stdout.split('\n').filter((line) => /^[-+~]/.test(line))).toEqual([
    '+ 25 schemas Article "Article" (https://example.com/many/1/, https://example.com/many/2/, https://example.com/many/3/ and 22 more)',
    '+ https://example.com/about/  AboutPage "AboutPage"',
  ]);
  const json = JSON.parse((await cli(['push', 'many.json', '--dry-run', '--json'], env)).stdout);
  expect(json.steps).toHaveLength(26);
  // A template's findings stand in every article: said once, under the schemas they stand in. By the build's
  // rules, Google's among them, unless --rules names the vocabulary alone.
  const google = await cli(['push', 'many.json', '--dry-run'], env);
  expect(google.code, google.stderr).toBe(0);
  const findings = google.stdout.split('\n');
  const from = findings.indexOf('Findings (as the build will report them):');
  expect(findings.slice(from + 1, -2)).toEqual([
    '  in 25 schemas: schemas[0], schemas[1], schemas[2] and 22 more',
    expect.stringMatching(
      /^ {4}warning \$ {2}Google's Article rich result recommends "author" and "image"\. See https:\S+ {2}\(google-missing-recommended\)$/,
    ),
  ]);
  const googleJson = await cli(['push', 'many.json', '--dry-run', '--rules', 'google', '--json'], env);
  expect(JSON.parse(googleJson.stdout).findings).toHaveLength(25);
  const vocabulary = await cli(['push', 'many.json', '--dry-run', '--rules', 'schema.org'], env);
  expect(vocabulary.code, vocabulary.stderr).toBe(0);
  expect(vocabulary.stdout).not.toContain('Findings');
  expect((await cli(['push', 'many.json'], env)).code).toBe(0);

  // A template renames the schema on every page: a few notes say so, and how many more.
  const renamed = articles.map((entry) => ({ ...entry, schema_name: 'Blog post' }));
  writeFileSync(file('many.json'), JSON.stringify({ schemas: [...renamed.slice(0, 12), about] }));
  const rename = await cli(['push', 'many.json', '--dry-run'], env);
  expect(rename.code, rename.stderr).toBe(0);
  const notes = rename.stdout.split('\n').filter((line) => /^(Note|…)/.test(line));
  expect(notes).toHaveLength(11);
  expect(notes[10]).toBe(
    '… and 2 more schemas created beside a record of its page that nothing matches (--json lists each); push with --prune to update those records instead.',
  );

  // A prune of a retired section: the deletes of one kind are one line with their ids.
  writeFileSync(file('many.json'), JSON.stringify({ schemas: [articles[0], about] }));
  const prune = await cli(['push', 'many.json', '--prune', '--dry-run'], env);
  expect(prune.code, prune.stderr).toBe(0);
  // Ids follow the order the push created them in, pages 4 at a time: which id a page got is not fixed.
  expect(prune.stdout.split('\n').filter((line) => /^[-+~]/.test(line))).toEqual([
    expect.stringMatching(
      /^- 24 schemas Article "Article" \(#\d+ https:\/\/example\.com\/many\/\d+\/, #\d+ https:\/\/example\.com\/many\/\d+\/, #\d+ https:\/\/example\.com\/many\/\d+\/ and 21 more\)$/,
    ),
  ]);
  expect(prune.stdout).toContain('24 would be deleted');
});

test('a plan prints the very same change on many pages once, naming how many; the others as they are', async () => {
  const pages = [1, 2, 3, 4, 5].map((n) => `https://example.com/p${n}/`);
  const api = await startApi({
    seed: {
      schemas: pages.map((url, n) => ({
        url,
        schema_data: doc('Article', {
          headline: `Post ${n + 1}`,
          publisher: { '@type': 'Organization', name: 'Acme' },
        }),
      })),
      meta: pages.map((url, n) => ({ url, title: `Post ${n + 1}`, description: 'Old' })),
    },
  });
  const env = as(admin, api);
  expect((await cli(['pull', '--out', 'same/'], env)).code).toBe(0);
  for (const n of [1, 2, 3, 4, 5])
    edit(`same/example.com/p${n}.json`, (page) => {
      (page.schemas[0]!.schema_data.publisher as { name: string }).name = 'Acme Ltd';
      if (n === 5) page.schemas[0]!.schema_data.headline = 'Post five';
      if (n <= 3) page.meta.description = 'New';
      if (n === 4) page.meta.description = 'Newer';
    });
  const dry = await cli(['push', 'same/', '--dry-run', '--rules', 'schema.org'], env);
  expect(dry.code, dry.stderr).toBe(0);
  expect(dry.stdout).toBe(
    [
      'Plan (dry run, nothing was changed):',
      '~ 4 schemas, the same change on each (#1 https://example.com/p1/, #2 https://example.com/p2/, #3 https://example.com/p3/ and 1 more)',
      '    $.publisher.name: "Acme" → "Acme Ltd"',
      '~ meta of 3 pages, the same change on each (https://example.com/p1/, https://example.com/p2/, https://example.com/p3/)',
      '    description: "Old" → "New"',
      '~ meta https://example.com/p4/',
      '    description: "Old" → "Newer"',
      '~ #5 https://example.com/p5/  Article "Article"',
      '    $.headline: "Post 5" → "Post five"',
      '    $.publisher.name: "Acme" → "Acme Ltd"',
      'Schemas: 0 would be created, 5 would be updated, 0 unchanged, 0 would be deleted. Meta: 4 would be set, 1 unchanged. Social: 0 would be set, 0 unchanged.',
      '',
    ].join('\n'),
  );
  // The JSON plan lists every step; the push makes every change.
  const json = JSON.parse((await cli(['push', 'same/', '--dry-run', '--json'], env)).stdout);
  expect(json.steps).toHaveLength(9);
  expect((await cli(['push', 'same/'], env)).code).toBe(0);
  expect((await cli(['pull', '--check', 'same/'], env)).code).toBe(0);
});

describe('validation before a push', () => {
  test('a file that is not a page file is a usage error naming the file and field; nothing is sent', async () => {
    const api = await startApi({ seed });
    const env = as(admin, api);
    expect((await cli(['pull', '--out', 'bad-dir/'], env)).code).toBe(0);
    edit('bad-dir/example.com/index.json', (page) => {
      page.schemas[0]!.is_active = 'yes';
    });
    const before = await readBack(api);
    const run = await cli(['push', 'bad-dir/'], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'bad-dir/example.com/index.json: schemas[0].is_active: Invalid input: expected boolean, received string',
    );
    expect(run.stdout).toBe('');
    expect(await readBack(api)).toEqual(before);

    writeFileSync(file('bad-dir/example.com/index.json'), '{"url": "https://example.com/",');
    expect((await cli(['push', 'bad-dir'], env)).stderr).toContain(
      'bad-dir/example.com/index.json: not JSON (Expected double-quoted property name at line 1, column 32).',
    );
    const empty = mkdtempSync(join(dir, 'empty-'));
    const none = await cli(['push', empty], env);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('holds no page files (*.json)');
  });

  test('an invalid seeded schema: the dry run plans with the findings, a real push refuses unless --allow-invalid', async () => {
    const invalid = { url: 'https://example.com/bad/', schema_data: doc('Article', { datePublished: 5 }) };
    const api = await startApi({ seed: { ...seed, schemas: [...seed.schemas!, invalid] } });
    const env = as(admin, api);
    expect((await cli(['pull', '--out', 'invalid/'], env)).code).toBe(0);

    // An untouched pull: the dry run is not refused, it shows the findings as the build would. By the vocabulary
    // alone here, where a Schema.org error is the point.
    const dry = await cli(['push', 'invalid/', '--dry-run', '--rules', 'schema.org'], env);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(
      'Nothing to change: the API already matches invalid/.\nFindings (as the build will report them):\n',
    );
    expect(dry.stdout).toMatch(
      /^ {2}invalid\/example\.com\/bad\.json schemas\[0\] {2}https:\/\/example\.com\/bad\/ {2}Article\n {4}error +\$\.datePublished .+\(invalid-value\)$/m,
    );
    expect(dry.stdout).toContain(
      'A push without --dry-run would send nothing either, and exit 1: 1 schema with validation errors',
    );

    edit('invalid/example.com/index.json', (page) => {
      page.social.og.title = 'Example, renamed';
    });
    const before = await readBack(api);
    const refused = await cli(['push', 'invalid/', '--rules', 'schema.org'], env);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(
      /^Plan \(not applied: validation errors\):\n~ social https:\/\/example\.com\/\n/,
    );
    expect(refused.stderr).toBe(
      'Refusing to push: 1 schema with validation errors; nothing was sent (--allow-invalid pushes anyway).\n',
    );
    const json = await cli(['push', 'invalid/', '--json', '--rules', 'schema.org'], env);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({
      refused: true,
      findings: [
        {
          where: 'invalid/example.com/bad.json schemas[0]',
          url: 'https://example.com/bad/',
          issues: [{ severity: 'error', path: '$.datePublished' }],
        },
      ],
    });
    expect(await readBack(api)).toEqual(before);
    const client = createClient({ baseUrl: api, username: admin.name, password: admin.password });
    expect((await client.social.get('https://example.com/')).og.title).toBe('Example');

    const allowed = await cli(['push', 'invalid/', '--allow-invalid', '--rules', 'schema.org'], env);
    expect(allowed.code).toBe(0);
    expect(allowed.stderr).toBe('Pushing 1 schema with validation errors (--allow-invalid).\n');
    expect((await client.social.get('https://example.com/')).og.title).toBe('Example, renamed');
    // Again: nothing to change, so nothing is said to be pushed.
    const again = await cli(['push', 'invalid/', '--allow-invalid'], env);
    expect(again.code).toBe(0);
    expect(again.stderr).toBe('');
    expect(again.stdout).toContain('Nothing to change');
    await client.close();
  });
});
