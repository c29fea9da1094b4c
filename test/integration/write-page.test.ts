// A staged page is committed as staged; one staged with `verify` whose file grew after it was read (staged while
// Astro was still writing it) is staged again from what is there, so the rest of the page is never lost.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import type { SchemaRecord } from '../../src/client/index.ts';
import { readHeadTags, renderHeadTags } from '../../src/head/index.ts';
import type { PageData } from '../../src/integration/page-data.ts';
import { type PageJob, planAndStage } from '../../src/integration/plan-and-stage.ts';
import type { PlanContext } from '../../src/integration/plan-page.ts';
import { type StagingJob, stagedPage, stagePage } from '../../src/integration/write-page.ts';

const tags = renderHeadTags({
  schemas: [],
  meta: { url: '/', title: 'From the API', description: null, robots: null, canonical: null, keywords: null },
  social: null,
});
const context: PlanContext = {
  cmsOrigin: 'https://www.example.com',
  siteOrigin: 'https://www.example.com',
  rewriteUrls: true,
  keepPathPrefixes: [],
  graph: false,
  socialFallback: true,
  trailingSlash: 'ignore',
  validation: { rules: ['schema.org', 'google'] },
};
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

test("a redirect page keeps Astro's head: the CMS's data for its address is neither written nor validated", async () => {
  dir = mkdtempSync(join(tmpdir(), 'asm-write-page-'));
  // As a static build writes `return Astro.redirect('/en/about/')` (Astro 7's redirectTemplate).
  const redirect =
    '<!doctype html>\n<title>Redirecting to: /en/about/</title>\n<meta http-equiv="refresh" content="2;url=/en/about/">\n' +
    '<meta name="robots" content="noindex">\n<link rel="canonical" href="https://www.example.com/en/about/">\n' +
    '<body>\n\t<a href="/en/about/">Redirecting from <code>/en/old/</code> to <code>/en/about/</code></a>\n</body>';
  const plain = '<html><head><title>Own</title></head><body></body></html>';
  // The record the CMS holds for the old address: an Event without its required startDate.
  const data: PageData = {
    schemas: [
      {
        id: 7,
        url: 'https://www.example.com/en/old/',
        schema_type: 'Event',
        schema_name: 'Launch',
        data: { '@context': 'https://schema.org', '@type': 'Event', name: 'Launch' },
        data_error: null,
      } as unknown as SchemaRecord,
    ],
    meta: {
      url: 'https://www.example.com/en/old/',
      title: 'Old',
      description: null,
      robots: null,
      canonical: null,
      keywords: null,
    },
    social: null,
  };
  const job = (file: string): PageJob => ({
    page: { file, url: `https://www.example.com/en/${file.replace('.html', '')}/`, pathname: '/' },
    cmsUrl: 'https://www.example.com/en/old/',
    data,
    context,
    options: {
      validate: 'error',
      onConflict: 'api',
      jsonLdConflict: 'keep-both',
      audit: true,
      validatePageJsonLd: true,
      rules: ['schema.org', 'google'],
      severity: {},
    },
    outDir: dir,
  });
  writeFileSync(join(dir, 'old.html'), redirect);
  writeFileSync(join(dir, 'plain.html'), plain);

  const left = await planAndStage(job('old.html'));
  expect(left.plan).toMatchObject({ redirect: true, tags: [], schemaTypes: [], findings: [] });
  const committed = await stagedPage(left.job!, left.staged!, false).commit();
  expect(readFileSync(join(dir, 'old.html'), 'utf8')).toBe(redirect);
  expect(committed.changed).toBe(false);
  expect(committed.facts?.refreshTo).toBe('/en/about/');

  // The same data on a page of its own: written, and the Event's missing date stops the build.
  const used = await planAndStage(job('plain.html'));
  expect(used.plan.redirect).toBeUndefined();
  expect(used.plan.schemaTypes).toEqual(['Event']);
  expect(used.plan.findings.some((finding) => finding.severity === 'error')).toBe(true);
  expect(used.staged).toBeNull();
});
