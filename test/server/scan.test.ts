import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { generateSchemas } from '../../src/server/scan/generate-schemas.ts';
import { readPage } from '../../src/server/scan/read-page.ts';
import { startServer, type TestServer } from './harness.ts';

let site: Server;
let origin: string;
let api: TestServer;

const pages: Record<string, string> = {
  '/': `<!doctype html><html lang="en"><head><title>Acme &amp; Co</title>
    <meta property="og:site_name" content="Acme"><meta name="description" content="We make things."></head>
    <body><h1>Welcome</h1></body></html>`,
  '/blog/hello-world/': `<html><head><title>Hello | Acme</title>
    <meta property="og:type" content="article"><meta property="article:published_time" content="2026-01-02T03:04:05Z">
    <meta name="author" content="Ada"><meta property="og:image" content="/img/hello.png">
    <link rel="canonical" href="ORIGIN/blog/hello-world/"></head><body><h1> Hello,
    world </h1></body></html>`,
  '/about/':
    '<html><head><title>About Acme</title><meta name="description" content="Who we are"></head><body><h1>About us</h1></body></html>',
};

beforeAll(async () => {
  site = createHttpServer((request, response) => {
    const path = request.url ?? '/';
    if (path === '/sitemap.xml') {
      response.setHeader('content-type', 'application/xml');
      response.end(`<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
        <sitemap><loc>${origin}/pages.xml</loc></sitemap></sitemapindex>`);
    } else if (path === '/loop.xml' || path === '/loop-back.xml') {
      // Two indexes naming each other and themselves, as a misconfigured sitemap plugin may write them.
      response.setHeader('content-type', 'application/xml');
      const locs = ['/loop.xml', '/loop-back.xml', '/pages.xml'];
      response.end(
        `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<sitemap><loc>${origin}${l}</loc></sitemap>`).join('')}</sitemapindex>`,
      );
    } else if (path === '/pages.xml') {
      const locs = ['/', '/about/', '/missing/', 'https://elsewhere.test/x/'].map((p) =>
        p.startsWith('/') ? origin + p : p,
      );
      response.end(
        `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`,
      );
    } else if (path === '/huge/') {
      response.end('x'.repeat(3 * 1024 * 1024));
    } else if (pages[path]) {
      response.setHeader('content-type', 'text/html');
      response.end(pages[path].replace('ORIGIN', origin));
    } else {
      response.statusCode = 404;
      response.end('not here');
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  api = await startServer({ site: origin });
});
afterAll(async () => {
  await api.close();
  await new Promise((resolve) => site.close(resolve));
});

test('dry_run proposes schemas from each page and writes nothing', async () => {
  const answer = await api.call('POST', '/scan', {
    body: { urls: [`${origin}/`, `${origin}/blog/hello-world/`], dry_run: true },
  });
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({ scanned: 2, created: 4, updated: 0, skipped: 0, errors: [] });
  const byType = Object.fromEntries(
    answer.body.schemas.map((s: { schema_type: string; schema_data: string }) => [
      s.schema_type,
      JSON.parse(s.schema_data),
    ]),
  );
  expect(Object.keys(byType).sort()).toEqual(['Article', 'BreadcrumbList', 'Organization', 'WebSite']);
  expect(byType.WebSite).toMatchObject({
    '@type': 'WebSite',
    name: 'Acme',
    url: `${origin}/`,
    description: 'We make things.',
    inLanguage: 'en',
  });
  expect(byType.Article).toMatchObject({
    headline: 'Hello, world',
    datePublished: '2026-01-02T03:04:05Z',
    author: { '@type': 'Person', name: 'Ada' },
    mainEntityOfPage: `${origin}/blog/hello-world/`,
  });
  expect(byType.BreadcrumbList.itemListElement.map((i: { name: string }) => i.name)).toEqual([
    'Home',
    'Blog',
    'Hello, world',
  ]);
  expect(answer.body.schemas.every((s: { id: unknown }) => s.id === null)).toBe(true);
  expect((await api.call('GET', '/schemas')).body).toEqual([]);
});

test('a scan creates records; a second scan skips pages that have some, unless overwrite', async () => {
  const first = await api.call('POST', '/scan', { body: { urls: [`${origin}/about/`] } });
  expect(first.body).toMatchObject({ scanned: 1, created: 2, skipped: 0 });
  const stored = (await api.call('GET', `/schemas?url=${origin}/about/`)).body;
  expect(stored.map((r: { schema_type: string }) => r.schema_type)).toEqual(['WebPage', 'BreadcrumbList']);
  expect(stored[0].schema_name).toBe('WebPage: About us');
  expect(first.body.schemas).toEqual(stored);

  const again = await api.call('POST', '/scan', { body: { urls: [`${origin}/about/`] } });
  expect(again.body).toMatchObject({ scanned: 1, created: 0, updated: 0, skipped: 1, schemas: [] });
  const overwrite = await api.call('POST', '/scan', {
    body: { urls: [`${origin}/about/`], overwrite: true },
  });
  expect(overwrite.body).toMatchObject({ created: 0, updated: 2 });
  expect(
    (await api.call('GET', `/schemas?url=${origin}/about/`)).body.map((r: { id: number }) => r.id),
  ).toEqual(stored.map((r: { id: number }) => r.id));
});

test('a sitemap index is followed; failures are reported per URL, off-site entries counted and not named', async () => {
  const answer = await api.call('POST', '/scan', {
    body: { sitemap: `${origin}/sitemap.xml`, dry_run: true },
  });
  expect(answer.status).toBe(200);
  expect(answer.body.scanned).toBe(2);
  const errors = Object.fromEntries(
    answer.body.errors.map((e: { url: string; code: string }) => [e.url, e.code]),
  );
  expect(errors).toEqual({ [`${origin}/sitemap.xml`]: 'off_site', [`${origin}/missing/`]: 'fetch_failed' });
  expect(JSON.stringify(answer.body)).not.toContain('elsewhere.test');
});

test('sitemap indexes that name each other are each read once: no sitemap is said to be left out', async () => {
  const answer = await api.call('POST', '/scan', { body: { sitemap: `${origin}/loop.xml`, dry_run: true } });
  expect(answer.status).toBe(200);
  expect(answer.body.scanned).toBe(2);
  const codes = answer.body.errors.map((e: { url: string; code: string }) => `${e.code} ${e.url}`);
  expect(codes.sort()).toEqual([`fetch_failed ${origin}/missing/`, `off_site ${origin}/loop.xml`]);
});

test('a page over the size cap is an error of its own, not a failed scan', async () => {
  const answer = await api.call('POST', '/scan', {
    body: { urls: [`${origin}/huge/`, `${origin}/`], dry_run: true },
  });
  expect(answer.body.scanned).toBe(1);
  expect(answer.body.errors).toEqual([
    expect.objectContaining({ url: `${origin}/huge/`, code: 'fetch_failed' }),
  ]);
});

test('what a page says but no reader should take stays out of the proposals', () => {
  // A hostile or broken page: a javascript: canonical, a placeholder its template never filled, a NUL.
  const html = `<html lang="en"><head><title>T</title>
    <link rel="canonical" href="javascript:alert(1)">
    <meta property="og:image" content="/images/cover.jpg">
    <meta property="og:type" content="article">
    <meta name="description" content="Bad\u0000byte">
    </head><body><h1>{{meta_title}}</h1></body></html>`;
  const [article, trail] = generateSchemas('https://shop.example/blog/post/', readPage(html));
  // The unfilled h1 names nothing: the next name the page shows (its title) does, everywhere.
  expect(article?.schema_name).toBe('Article: T');
  expect(JSON.stringify(trail)).not.toContain('{{');
  expect(trail?.schema_name).toBe('Breadcrumbs: T');
  expect(article?.doc).toEqual({
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: 'T',
    description: 'Badbyte',
    image: 'https://shop.example/images/cover.jpg',
    mainEntityOfPage: 'https://shop.example/blog/post/',
    inLanguage: 'en',
  });
});
