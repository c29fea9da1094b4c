import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { prettyJson, type ReportPage, renderHtmlReport } from '../../src/report/html-report.ts';

const hostile = '</script><script>alert(1)</script><img src=x onerror=alert(2)>';

function page(overrides: Partial<ReportPage> = {}): ReportPage {
  return {
    url: 'https://www.example.com/blog/hello/',
    file: 'blog/hello/index.html',
    title: 'Hello',
    description: 'A post.',
    ogTitle: null,
    ogDescription: null,
    ogImage: 'https://www.example.com/og.png',
    documents: [
      {
        label: '#12 Article "Hello"',
        types: ['Article'],
        text: prettyJson('{"@type":"Article","headline":"Hello"}'),
        findings: [
          {
            severity: 'error',
            code: 'google-missing-required',
            path: '$.image',
            message: 'image is required',
          },
        ],
      },
    ],
    findings: [],
    ...overrides,
  };
}

describe('renderHtmlReport', () => {
  it('summarises types and findings, and lists each page with its documents and previews', () => {
    const html = renderHtmlReport({
      source: 'check dist',
      generatedAt: new Date('2026-11-22T00:00:00Z'),
      vocabulary: 'Schema.org 30.0',
      pages: [page(), page({ url: 'https://www.example.com/', file: 'index.html', documents: [] })],
      siteFindings: [
        {
          severity: 'warning',
          code: 'duplicate-title',
          page: 'https://www.example.com/',
          pages: ['https://www.example.com/', 'https://www.example.com/blog/hello/'],
          path: '<title>',
          message: '2 pages share the <title> "Hello"',
        },
      ],
    });
    const document = parseDocument(html);
    const text = (node: unknown): string =>
      (node as { data?: string; children?: unknown[] }).data ??
      ((node as { children?: unknown[] }).children ?? []).map(text).join('');
    const all = text(document);
    expect(all).toContain('Schema.org 30.0');
    expect(all).toMatch(/2\s*pages/);
    expect(all).toContain('#12 Article "Hello"');
    expect(all).toContain('"headline": "Hello"');
    expect(all).toContain('2 pages share the <title> "Hello"');
    expect(all).toContain('www.example.com › blog › hello');
    // No network: the og:image is named, not loaded; nothing links out.
    expect(html).not.toMatch(/<(?:img|link|iframe)\b/i);
    expect(html).not.toMatch(/\bsrc=/i);
  });

  it('names a page outside ASCII as people read it, and finds it by that name', () => {
    const html = renderHtmlReport({
      source: 'check dist',
      generatedAt: new Date('2026-11-22T00:00:00Z'),
      vocabulary: null,
      pages: [page({ url: 'https://www.example.com/%D0%B1%D0%BB%D0%BE%D0%B3/', file: 'блог/index.html' })],
      siteFindings: [],
    });
    expect(html).toContain('<span class="page-url">https://www.example.com/блог/</span>');
    expect(html).toContain('data-search="https://www.example.com/блог/ блог/index.html hello"');
  });

  it("says how many of a page's own JSON-LD scripts the build replaced, on the page and in the summary", () => {
    const html = renderHtmlReport({
      source: 'astro build',
      generatedAt: new Date('2026-11-22T00:00:00Z'),
      pages: [page({ jsonLdReplaced: 2 }), page({ url: 'https://www.example.com/', file: 'index.html' })],
      siteFindings: [],
    });
    expect(html).toContain(
      '<span class="page-meta">1 JSON-LD (2 of the page\'s own replaced) · blog/hello/index.html</span>',
    );
    expect(html).toContain('<span class="page-meta">1 JSON-LD · index.html</span>');
    expect(html).toContain("<li><b>2</b> of the pages' own JSON-LD replaced by the CMS's</li>");
    // Nothing replaced (or `check`, which replaces nothing): no such line.
    const none = renderHtmlReport({
      source: 'check dist',
      generatedAt: new Date(),
      pages: [page()],
      siteFindings: [],
    });
    expect(none).not.toContain('replaced');
  });

  it('escapes every value a page or a CMS could carry', () => {
    const html = renderHtmlReport({
      source: hostile,
      generatedAt: new Date(0),
      pages: [
        page({
          url: `https://www.example.com/${hostile}`,
          title: hostile,
          description: hostile,
          ogImage: hostile,
          documents: [
            {
              label: hostile,
              types: [hostile],
              text: hostile,
              findings: [{ severity: 'info', code: hostile, path: hostile, message: hostile }],
            },
          ],
        }),
      ],
      siteFindings: [],
    });
    // One script: the report's own filter code.
    expect(html.match(/<script\b/gi)).toHaveLength(1);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('onerror=alert(2)>');
  });

  it('keeps a document that is not JSON, or too deep to print, as written', () => {
    expect(prettyJson('{not json')).toBe('{not json');
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    expect(prettyJson(deep)).toBe(deep);
  });
});
