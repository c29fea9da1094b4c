// A staged page is committed as staged; one staged with `verify` whose file grew after it was read (staged while
// Astro was still writing it) is staged again from what is there, so the rest of the page is never lost.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { readHeadTags, renderHeadTags } from '../../src/head/index.ts';
import { type StagingJob, stagePage } from '../../src/integration/write-page.ts';

const tags = renderHeadTags({
  schemas: [],
  meta: { url: '/', title: 'From the API', description: null, robots: null, canonical: null, keywords: null },
  social: null,
});
let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The staging of `dir`/index.html with the tags above; `auditUrl` when the audit wants its facts. */
const jobFor = (outDir: string, auditUrl: string | null): StagingJob => ({
  outDir,
  file: 'index.html',
  tags,
  onConflict: 'api',
  jsonLdConflict: 'keep-both',
  auditUrl,
  validation: null,
});

test('a page is committed as staged, and nothing is left beside it', async () => {
  dir = mkdtempSync(join(tmpdir(), 'asm-write-page-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<html><head><title>Own</title></head><body><p>first</p></body></html>',
  );
  const staged = await stagePage(jobFor(dir, 'https://www.example.com/'));
  // Nothing changes before the commit.
  expect(readFileSync(join(dir, 'index.html'), 'utf8')).toContain('<title>Own</title>');
  const committed = await staged.commit();
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  expect(readHeadTags(html).values.title).toEqual(['From the API']);
  expect(committed.facts?.title).toBe('From the API');
  expect(readdirSync(dir)).toEqual(['index.html']);
});

test('a page written again after it was staged is staged again from its new content', async () => {
  dir = mkdtempSync(join(tmpdir(), 'asm-write-page-'));
  const path = join(dir, 'index.html');
  // As a page cut short while it was still being written would be read.
  writeFileSync(path, '<html><head><title>Own</title></head><body><p>fir');
  const staged = await stagePage(jobFor(dir, 'https://www.example.com/'), true);
  writeFileSync(path, '<html><head><title>Own</title></head><body><p>first, then the rest</p></body></html>');
  const committed = await staged.commit();
  const html = readFileSync(path, 'utf8');
  expect(html).toContain('<p>first, then the rest</p></body></html>');
  expect(readHeadTags(html).values.title).toEqual(['From the API']);
  expect(committed.changed).toBe(true);
  expect(readdirSync(dir)).toEqual(['index.html']);
});

test('discard removes the staged file and leaves the page as it was', async () => {
  dir = mkdtempSync(join(tmpdir(), 'asm-write-page-'));
  const page = '<html><head><title>Own</title></head><body></body></html>';
  writeFileSync(join(dir, 'index.html'), page);
  const staged = await stagePage(jobFor(dir, null));
  expect(staged.temporary).not.toBeNull();
  await staged.discard();
  expect(readdirSync(dir)).toEqual(['index.html']);
  expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe(page);
});

test("a redirect page keeps Astro's head: no CMS tags name the redirect as the page", async () => {
  dir = mkdtempSync(join(tmpdir(), 'asm-write-page-'));
  // As a static build writes `return Astro.redirect('/en/about/')` (Astro 7's redirectTemplate).
  const page =
    '<!doctype html>\n<title>Redirecting to: /en/about/</title>\n<meta http-equiv="refresh" content="2;url=/en/about/">\n' +
    '<meta name="robots" content="noindex">\n<link rel="canonical" href="https://www.example.com/en/about/">\n' +
    '<body>\n\t<a href="/en/about/">Redirecting from <code>/en/old/</code> to <code>/en/about/</code></a>\n</body>';
  writeFileSync(join(dir, 'index.html'), page);
  const committed = await (await stagePage(jobFor(dir, 'https://www.example.com/en/old/'))).commit();
  expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe(page);
  expect(committed.changed).toBe(false);
  expect(committed.facts?.refreshTo).toBe('/en/about/');
});
