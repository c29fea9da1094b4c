// Attacks on POST /scan that once worked: an answer too large to write, no deadline, fetching other hosts
// (SSRF) and publishing what they said, echoing a sitemap's text, and error messages that mapped ports.

import { setTimeout as sleep } from 'node:timers/promises';
import { createGzip, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readSitemap } from '../../src/read-sitemap.ts';
import { type LoopbackServer, startServer as startSite } from '../support/loopback.ts';
import { startServer, type TestServer } from './harness.ts';

let site: LoopbackServer;
let elsewhere: LoopbackServer;
let slow: LoopbackServer;
let api: TestServer;

const TEN_MIB = 10 * 1024 * 1024;
const urlset = (locs: string[]) =>
  `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`;

/** 1 GiB of spaces, gzipped (4.5 MB): a decoder busy with it outlives any read the scan gives up on. */
async function gzippedGiB(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const gzip = createGzip({ level: 1 });
  gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
  const spaces = Buffer.alloc(1 << 20, 0x20);
  for (let i = 0; i < 1024; i++)
    if (!gzip.write(spaces)) await new Promise((resolve) => gzip.once('drain', resolve));
  await new Promise((resolve) => gzip.end(resolve));
  return Buffer.concat(chunks);
}

/** A urlset just under 10 MiB naming ever new pages of `origin`. */
function hugeSitemap(origin: string, tag: string): string {
  const parts: string[] = [];
  let size = 100;
  for (let i = 0; size < TEN_MIB - 200; i++) {
    const entry = `<url><loc>${origin}/${tag}/${i}/</loc></url>`;
    parts.push(entry);
    size += entry.length;
  }
  return `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${parts.join('')}</urlset>`;
}

beforeAll(async () => {
  elsewhere = await startSite((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end('<html><head><title>Internal admin</title></head><body><h1>Secret dashboard</h1></body></html>');
  });
  const children = Array.from({ length: 7 }, (_, i) => i);
  const bomb = await gzippedGiB();
  const huge = new Map<string, string>();
  site = await startSite((req, res) => {
    const path = req.url ?? '/';
    const origin = site.url;
    if (path === '/index.xml') {
      res.end(
        `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${children.map((i) => `<sitemap><loc>${origin}/huge-${i}.xml</loc></sitemap>`).join('')}</sitemapindex>`,
      );
    } else if (huge.has(path)) {
      res.end(huge.get(path));
    } else if (path === '/ssrf.xml') {
      res.end(
        `<sitemapindex><sitemap><loc>${elsewhere.url}/child.xml</loc></sitemap><sitemap><loc>${origin}/own.xml</loc></sitemap></sitemapindex>`,
      );
    } else if (path === '/own.xml') {
      res.end(urlset([`${elsewhere.url}/admin/`, `${origin}/redirects/`, `${origin}/page/`]));
    } else if (path === '/redirects/') {
      res.writeHead(302, { location: `${elsewhere.url}/admin/` });
      res.end();
    } else if (path === '/hop/') {
      res.writeHead(301, { location: '/page/' });
      res.end();
    } else if (path === '/nested/') {
      // 300,000 unclosed <div>s (1.5 MB, under a page's 2 MiB): a tree builder's work grows with their square.
      res.setHeader('content-type', 'text/html');
      res.end(`<html><head><title>Deep page</title></head><body>${'<div>'.repeat(300_000)}<h1>Deep</h1>`);
    } else if (path === '/nested.xml') {
      res.end(
        `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${'<x>'.repeat(300_000)}<url><loc>${origin}/page/</loc></url></urlset>`,
      );
    } else if (path === '/page/') {
      res.setHeader('content-type', 'text/html');
      res.end('<html><head><title>Own page</title></head><body><h1>Own page</h1></body></html>');
    } else if (path === '/stacked/') {
      res.writeHead(200, {
        'content-type': 'text/html',
        'content-encoding': Array(12).fill('gzip').join(', '),
      });
      res.end(bomb);
    } else if (path === '/sitemap.xml.gz') {
      res.writeHead(200, { 'content-type': 'application/gzip' });
      res.end(gzipSync('<urlset><url><loc>https://x/</loc></url></urlset>'));
    } else if (path === '/empty-sitemap.xml') {
      // A sitemap plugin's answer for a site it lists nothing of: a urlset without entries, and <loc> left empty.
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(
        '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc></loc></url></urlset>',
      );
    } else if (path === '/error/') {
      res.writeHead(500);
      res.end('database down at 10.0.0.7');
    } else {
      res.statusCode = 404;
      res.end('<h1>nothing</h1>');
    }
  });
  for (const i of children) huge.set(`/huge-${i}.xml`, hugeSitemap(site.url, `huge-${i}`));
  // Answers headers only after 5 s: slower than any limit the tests set.
  slow = await startSite(async (_req, res) => {
    await new Promise((resolve) => setTimeout(resolve, 5000));
    res.end('<h1>late</h1>');
  });
  api = await startServer({
    site: [site.url, slow.url, 'http://127.0.0.1:9'],
    scan: { fetchTimeoutMs: 3000 },
  });
});

afterAll(async () => {
  await Promise.all([api.close(), site.close(), elsewhere.close(), slow.close()]);
});

test('an index of seven 10 MiB sitemaps gives a bounded answer and the server lives on', async () => {
  const answer = await api.call('POST', '/scan', {
    body: { sitemap: `${site.url}/index.xml`, dry_run: true },
  });
  expect(answer.status).toBe(200);
  const size = JSON.stringify(answer.body).length;
  console.log(
    `scan of 7 x 10 MiB sitemaps: answer ${size} bytes, ${answer.body.errors.length} errors + ${answer.body.errors_omitted} omitted`,
  );
  expect(size).toBeLessThan(100_000);
  // 500 pages were tried (every one 404s here): 50 errors are listed, the rest counted; the pages past
  // the limit are one entry, not one each.
  expect(answer.body.errors).toHaveLength(50);
  expect(answer.body.errors_omitted).toBeGreaterThanOrEqual(500 + 1 - 50);
  expect(answer.body.errors).toContainEqual({
    url: `${site.url}/index.xml`,
    code: 'too_many',
    message: expect.stringMatching(/^\d+ more pages were not scanned \(limit: 500/),
  });
  expect((await api.call('GET', '/schemas?per_page=1')).status).toBe(200);
}, 60_000);

test('no sitemap, child, page or redirect hop off the site is fetched, and nothing from it is stored or echoed', async () => {
  const before = elsewhere.requests.length;
  const offSite = await api.call('POST', '/scan', { body: { sitemap: `${elsewhere.url}/sitemap.xml` } });
  expect(offSite.status).toBe(400);
  expect(offSite.body.data.params.sitemap).toMatch(/site's host/);
  const pages = await api.call('POST', '/scan', { body: { urls: [`${elsewhere.url}/admin/`] } });
  expect(pages.status).toBe(400);

  const answer = await api.call('POST', '/scan', { body: { sitemap: `${site.url}/ssrf.xml` } });
  expect(answer.status).toBe(200);
  expect(elsewhere.requests.length).toBe(before);
  expect(answer.body.scanned).toBe(1);
  expect(answer.body.errors).toEqual([
    { url: `${site.url}/ssrf.xml`, code: 'off_site', message: expect.stringMatching(/^2 sitemap entries/) },
    { url: `${site.url}/redirects/`, code: 'off_site', message: expect.any(String) },
  ]);
  const text = JSON.stringify(answer.body);
  expect(text).not.toContain(elsewhere.url);
  expect(text).not.toMatch(/Secret dashboard|Internal admin/);
  const published = await api.call(
    'GET',
    `/schemas-by-url?url=${encodeURIComponent(`${site.url}/redirects/`)}`,
    {
      as: 'anonymous',
    },
  );
  expect(published.body).toEqual([]);
  // A redirect that stays on the site is followed.
  const hop = await api.call('POST', '/scan', { body: { urls: [`${site.url}/hop/`], dry_run: true } });
  expect(hop.body).toMatchObject({ scanned: 1, errors: [] });
});

test('a page under a stack of codings is a failed fetch, and nothing fails once its timer runs out', async () => {
  // Twelve gzip layers over 1 GiB: fetch's decoders were still at work when the fetch's 3 s timer fired after
  // the scan had answered, and their failure, heard by no one, ended the server.
  const answer = await api.call('POST', '/scan', { body: { urls: [`${site.url}/stacked/`], dry_run: true } });
  expect(answer.body).toMatchObject({ scanned: 0, errors: [{ code: 'fetch_failed' }] });
  await sleep(3500);
  expect((await api.call('GET', '/schemas?per_page=1')).status).toBe(200);
}, 30_000);

test('a gzipped sitemap is named as not read, not taken for an empty one', async () => {
  const answer = await api.call('POST', '/scan', {
    body: { sitemap: `${site.url}/sitemap.xml.gz`, dry_run: true },
  });
  expect(answer.body).toMatchObject({
    scanned: 0,
    errors: [
      {
        url: `${site.url}/sitemap.xml.gz`,
        code: 'not_a_sitemap',
        message: expect.stringMatching(/\.xml\.gz/),
      },
    ],
  });
});

test('a sitemap that lists no page is named, not a scan of nothing without a word', async () => {
  const answer = await api.call('POST', '/scan', {
    body: { sitemap: `${site.url}/empty-sitemap.xml`, dry_run: true },
  });
  expect(answer.body).toMatchObject({
    scanned: 0,
    errors: [
      {
        url: `${site.url}/empty-sitemap.xml`,
        code: 'empty_sitemap',
        message:
          'The sitemap lists no page (no <url> or <sitemap> with a <loc>): nothing was scanned from it.',
      },
    ],
  });
});

test('a refused port, an error status, a 404 and a timeout all read the same', async () => {
  const answer = await api.call('POST', '/scan', {
    body: {
      urls: ['http://127.0.0.1:9/', `${site.url}/error/`, `${site.url}/missing/`, `${slow.url}/`],
      dry_run: true,
    },
  });
  expect(answer.body.scanned).toBe(0);
  const kinds = new Set(
    answer.body.errors.map((e: { code: string; message: string }) => `${e.code}: ${e.message}`),
  );
  expect(answer.body.errors).toHaveLength(4);
  expect([...kinds]).toEqual([
    'fetch_failed: Could not read the page: no answer in time, an error status, or over the size limit.',
  ]);
  // Whole numbers only: a loopback port such as 40441 holds "404" without saying anything.
  expect(JSON.stringify(answer.body)).not.toMatch(/ECONNREFUSED|10\.0\.0\.7|\b500\b|\b404\b/);
});

test('a whole scan stops at its deadline and reports what it did not fetch once', async () => {
  const quick = await startServer({ site: slow.url, scan: { deadlineMs: 800, fetchTimeoutMs: 10_000 } });
  try {
    const urls = Array.from({ length: 16 }, (_, i) => `${slow.url}/p${i}/`);
    const started = Date.now();
    const answer = await quick.call('POST', '/scan', { body: { urls, dry_run: true } });
    console.log(
      `16 pages answering after 5 s each, deadline 800 ms: scan answered in ${Date.now() - started} ms`,
    );
    expect(answer.body).toMatchObject({ scanned: 0, errors_omitted: 0 });
    expect(answer.body.errors).toEqual([
      { url: urls[0], code: 'deadline', message: "16 pages were not scanned within the scan's 800 ms." },
    ]);
  } finally {
    await quick.close();
  }
});

test('the answer, the sitemap levels and the sitemap count stay within their limits', async () => {
  const tight = await startServer({
    site: site.url,
    scan: { maxAnswerBytes: 600, sitemapDepth: 1, maxErrors: 1 },
  });
  try {
    const answer = await tight.call('POST', '/scan', {
      body: { urls: [`${site.url}/page/`, `${site.url}/hop/`], overwrite: true },
    });
    expect(answer.body).toMatchObject({ scanned: 2, schemas_omitted: expect.any(Number) });
    expect(answer.body.schemas_omitted).toBeGreaterThan(0);
    expect(JSON.stringify(answer.body.schemas).length).toBeLessThanOrEqual(600);
    // Written all the same: only the answer is cut.
    const stored = await tight.call('GET', `/schemas?url=${encodeURIComponent(`${site.url}/page/`)}`);
    expect(stored.body.length).toBeGreaterThan(0);

    const index = await tight.call('POST', '/scan', {
      body: { sitemap: `${site.url}/index.xml`, dry_run: true },
    });
    expect(index.body).toMatchObject({ scanned: 0, errors_omitted: 0 });
    expect(index.body.errors).toEqual([
      {
        url: `${site.url}/index.xml`,
        code: 'too_many',
        message: '7 sitemaps were not read (limits: 20 sitemaps, depth 1).',
      },
    ]);
  } finally {
    await tight.close();
  }
});

test('a sitemap is read only as far as the scan has room for; the rest is counted, not parsed', () => {
  // 400,000 entries in 9 MB: each one read and checked held the server for seconds per sitemap.
  const entries = '<url><loc>x</loc></url>'.repeat(400_000);
  const read = readSitemap(`<urlset>${entries}</urlset>`, 520);
  expect(read.pages.length).toBeGreaterThanOrEqual(520);
  expect(read.pages.length).toBeLessThan(520 + 3_000); // at most one 64 KB piece past the room
  expect(read.pages.length + read.more).toBe(400_000);
  expect(readSitemap('<urlset><url><loc>https://a.test/</loc></url></urlset>', 520)).toEqual({
    pages: ['https://a.test/'],
    sitemaps: [],
    languageLinks: [],
    more: 0,
  });
});

test('a page or sitemap nesting 300,000 unclosed tags is read in one pass, the server answering meanwhile', async () => {
  const page = api.call('POST', '/scan', { body: { urls: [`${site.url}/nested/`], dry_run: true } });
  const sitemap = api.call('POST', '/scan', { body: { sitemap: `${site.url}/nested.xml`, dry_run: true } });
  // Another client's read is answered while both scans run.
  const read = await api.call('GET', `/schemas-by-url?url=${encodeURIComponent(`${site.url}/page/`)}`);
  expect(read.status).toBe(200);
  const [pageScan, sitemapScan] = await Promise.all([page, sitemap]);
  expect(pageScan.status).toBe(200);
  expect(pageScan.body.errors).toEqual([]);
  // Named from the h1 after the 300,000 <div>s: the page was read to its end.
  expect(pageScan.body.schemas.map((schema: { schema_name: string }) => schema.schema_name)).toContain(
    'WebPage: Deep',
  );
  expect(sitemapScan.body.scanned).toBe(1);
});

test('scans past scansAtOnce are refused with 429 and Retry-After while the others run, then taken again', async () => {
  // Pages held until released: the scans in flight stay running while the next one is asked.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = 0;
  const holding = await startSite(async (_req, res) => {
    asked++;
    await held;
    res.setHeader('content-type', 'text/html');
    res.end('<html><head><title>Held</title></head><body><h1>Held</h1></body></html>');
  });
  const busy = await startServer({ site: holding.url, scan: { scansAtOnce: 2 } });
  try {
    const scanOf = (path: string) =>
      busy.call('POST', '/scan', { body: { urls: [`${holding.url}/${path}/`], dry_run: true } });
    const running = [scanOf('a'), scanOf('b')];
    while (asked < 2) await sleep(10);
    const refused = await scanOf('c');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'scan_busy', data: { status: 429, retry_after: 10 } });
    expect(refused.body.message).toBe(
      '2 scans are running, as many as the server runs at once. Try again in 10 s.',
    );
    expect(refused.headers.get('retry-after')).toBe('10');
    release();
    for (const done of await Promise.all(running)) expect(done.body).toMatchObject({ scanned: 1 });
    // Their slots are free again, whether a scan ended well or not.
    expect((await scanOf('d')).body).toMatchObject({ scanned: 1 });
  } finally {
    await busy.close();
    await holding.close();
  }
});
