/// <reference lib="dom" />
// Hostile CMS data, built into a page and opened in a real browser: the JSON-LD reads back exactly as the
// API holds it, and nothing injected runs.
import { readFile } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchChromium } from '../support/browser.ts';
import { type RunningApi, SITE, startApi } from './support/api.ts';
import { buildFixture, type FixtureBuild } from './support/build-fixture.ts';

const PWN = 'window.__pwned = (window.__pwned || 0) + 1';
const hostileStrings = [
  `</script><script>${PWN}</script>`,
  `</SCRIPT ><script>${PWN}</script>`,
  '<!--<script>',
  `"><img src=x onerror="${PWN}">`,
  `'; ${PWN}; '`,
  'line\u2028separator\u2029paragraph',
  '& &amp; &lt; <b>bold</b>',
  `<style>body{display:none}</style>`,
];

const hostileSchema = {
  '@context': 'https://schema.org',
  '@type': 'Article',
  headline: hostileStrings[0],
  description: hostileStrings.join(' | '),
  keywords: hostileStrings,
  author: { '@type': 'Person', name: hostileStrings[3], url: 'https://www.example.com/authors/a' },
  datePublished: '2026-11-01',
};

let api: RunningApi;
let build: FixtureBuild;
let site: Server;
let siteUrl: string;
let browser: Browser;

beforeAll(async () => {
  api = await startApi({
    schemas: [
      {
        url: `${SITE}/blog/first/`,
        schema_type: 'Article',
        schema_name: 'Hostile',
        schema_data: hostileSchema,
      },
    ],
    meta: [
      {
        url: `${SITE}/blog/first/`,
        title: `</title><script>${PWN}</script>`,
        description: hostileStrings[3],
        keywords: hostileStrings[2],
        canonical: 'javascript:alert(1)',
      },
    ],
    social: [
      {
        url: `${SITE}/blog/first/`,
        og: {
          title: hostileStrings[3],
          url: ' JaVaScRiPt:alert(1)',
          image: 'data:text/html,<script>alert(1)</script>',
        },
        twitter: { title: hostileStrings[1], card: 'summary' },
      },
    ],
  });
  build = await buildFixture({ fixture: 'site-basic', options: { validate: 'warn' }, env: api.env });
  if (build.exitCode !== 0) throw new Error(build.log);
  site = createHttpServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    const file = join(build.outDir, path.endsWith('/') ? `${path}index.html` : path);
    try {
      const body = await readFile(file);
      response.writeHead(200, {
        'content-type': extname(file) === '.html' ? 'text/html; charset=utf-8' : 'text/plain',
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  site?.close();
  build?.remove();
  await api?.close();
});

test('the browser reads back the JSON-LD exactly as the API holds it, and no injected script runs', async () => {
  const page = await browser.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`${siteUrl}/blog/first/`);
  const documents = await page.evaluate(() =>
    [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) =>
      JSON.parse(script.textContent ?? ''),
    ),
  );
  expect(documents).toEqual([hostileSchema]);

  const seen = await page.evaluate(() => ({
    pwned: (window as unknown as { __pwned?: number }).__pwned ?? 0,
    scripts: document.querySelectorAll('script:not([type="application/ld+json"])').length,
    images: document.querySelectorAll('img').length,
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
    canonical: [...document.querySelectorAll('link[rel="canonical"]')].map((link) =>
      link.getAttribute('href'),
    ),
    ogUrl: document.querySelector('meta[property="og:url"]'),
    ogImage: document.querySelector('meta[property="og:image"]'),
    bodyText: document.body.textContent,
  }));
  expect(seen.pwned).toBe(0);
  expect(dialogs).toEqual([]);
  expect(seen.scripts).toBe(0);
  expect(seen.images).toBe(0);
  expect(seen.title).toBe(`</title><script>${PWN}</script>`);
  expect(seen.description).toBe(hostileStrings[3]);
  // javascript: and data: URLs are never written.
  expect(seen.canonical).toEqual([]);
  expect(seen.ogUrl).toBeNull();
  expect(seen.ogImage).toBeNull();
  expect(seen.bodyText).not.toContain('onerror');
  await page.close();
});

test('the build warns about the URLs it refused to write', () => {
  expect(build.log).toMatch(/unsafe-url/);
});
