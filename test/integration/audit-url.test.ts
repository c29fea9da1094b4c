// The audit names each HTML file of the output by the address it is served at: a page's as Astro serves it, an
// endpoint's `.html` output at its own name.
import { expect, test } from 'vitest';
import { auditUrlOf } from '../../src/integration/audit-build.ts';
import type { RouteInfo, SiteLayout } from '../../src/integration/pages.ts';

const layout = (overrides: Partial<SiteLayout> = {}): SiteLayout => ({
  site: 'https://www.example.com/',
  base: '/',
  format: 'directory',
  trailingSlash: 'ignore',
  fallbackType: null,
  ...overrides,
});

const route = (pattern: string, patternRegex: RegExp, type: string): RouteInfo => ({
  pattern,
  patternRegex,
  type,
  origin: 'project',
  isPrerendered: true,
  entrypoint: `src/pages${pattern}.ts`,
  fallbackRoutes: [],
});

const routes = [
  route('/feed.html', /^\/feed\.html\/?$/, 'endpoint'),
  route('/about', /^\/about\/?$/, 'page'),
];

test("an endpoint's .html output is named by its own name, not as a page's file", () => {
  expect(auditUrlOf(layout(), routes)('feed.html')).toBe('https://www.example.com/feed.html');
  expect(
    auditUrlOf(layout({ base: '/docs', format: 'file', trailingSlash: 'never' }), routes)('feed.html'),
  ).toBe('https://www.example.com/docs/feed.html');
});

test('a page keeps the address Astro serves it at', () => {
  expect(auditUrlOf(layout(), routes)('about/index.html')).toBe('https://www.example.com/about/');
  expect(
    auditUrlOf(layout({ base: '/docs', format: 'file', trailingSlash: 'never' }), routes)('about.html'),
  ).toBe('https://www.example.com/docs/about');
});
