import { describe, expect, test } from 'vitest';
import { type HeadWarning, renderHeadTags } from '../../src/head/index.ts';

const meta = {
  url: '/',
  title: 'T',
  description: 'D',
  robots: 'noindex',
  canonical: 'https://example.com/a',
  keywords: 'k1, k2',
};
const social = {
  url: '/',
  og: {
    title: 'OT',
    description: 'OD',
    image: 'https://e.com/i.jpg',
    image_alt: 'IA',
    type: 'article',
    url: 'https://example.com/a',
    site_name: 'S',
    locale: 'en_US',
  },
  twitter: {
    card: 'summary',
    title: 'TT',
    description: 'TD',
    image: 'https://e.com/t.jpg',
    image_alt: 'TA',
    site: '@s',
    creator: '@c',
  },
};

describe('renderHeadTags', () => {
  test('renders every tag, in order, marked, one per entry', () => {
    const tags = renderHeadTags({ schemas: [{ '@type': 'A' }, null, { '@type': 'B' }], meta, social });
    expect(tags.map((tag) => tag.key)).toEqual([
      'title',
      'meta:description',
      'meta:robots',
      'meta:keywords',
      'link:canonical',
      'property:og:title',
      'property:og:description',
      'property:og:image',
      'property:og:image:alt',
      'property:og:type',
      'property:og:url',
      'property:og:site_name',
      'property:og:locale',
      'name:twitter:card',
      'name:twitter:title',
      'name:twitter:description',
      'name:twitter:image',
      'name:twitter:image:alt',
      'name:twitter:site',
      'name:twitter:creator',
      'jsonld:0',
      'jsonld:2',
    ]);
    expect(tags[0]?.html).toBe('<title data-schema-manager>T</title>');
    expect(tags[1]?.html).toBe('<meta name="description" content="D" data-schema-manager>');
    expect(tags[4]?.html).toBe('<link rel="canonical" href="https://example.com/a" data-schema-manager>');
    expect(tags[8]?.html).toBe('<meta property="og:image:alt" content="IA" data-schema-manager>');
    expect(tags[17]?.html).toBe('<meta name="twitter:image:alt" content="TA" data-schema-manager>');
    expect(tags[20]?.html).toBe(
      '<script type="application/ld+json" data-schema-manager>{"@type":"A"}</script>',
    );
    expect(tags.every((tag) => !tag.html.includes('\n'))).toBe(true);
  });

  test('skips empty values', () => {
    const tags = renderHeadTags({
      schemas: [],
      meta: { ...meta, title: '', description: '   ', robots: null },
      social: null,
    });
    expect(tags.map((tag) => tag.key)).toEqual(['meta:keywords', 'link:canonical']);
  });

  test('leaves out tags with dangerous URL schemes, and alts without their image, and reports each', () => {
    const warnings: HeadWarning[] = [];
    const tags = renderHeadTags(
      {
        schemas: [],
        meta: { ...meta, canonical: 'javascript:alert(1)' },
        social: {
          url: '/',
          og: { ...social.og, image: ' JAVASCRIPT:alert(1)', url: 'data:text/html,<script>x</script>' },
          twitter: { ...social.twitter, image: 'vbscript:x' },
        },
      },
      { onWarning: (warning) => warnings.push(warning) },
    );
    const keys = tags.map((tag) => tag.key);
    for (const key of [
      'link:canonical',
      'property:og:image',
      'property:og:image:alt',
      'property:og:url',
      'name:twitter:image',
      'name:twitter:image:alt',
    ]) {
      expect(keys).not.toContain(key);
    }
    expect(warnings.map((warning) => [warning.code, warning.key])).toEqual([
      ['unsafe-url', 'link:canonical'],
      ['unsafe-url', 'property:og:image'],
      ['unsafe-url', 'property:og:url'],
      ['unsafe-url', 'name:twitter:image'],
    ]);
    expect(tags.some((tag) => /javascript|vbscript|data:/i.test(tag.html))).toBe(false);
  });

  test('reports a schema with no JSON form instead of throwing', () => {
    const warnings: HeadWarning[] = [];
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const tags = renderHeadTags(
      { schemas: [cyclic, { ok: 1n }, { ok: true }], meta: null, social: null },
      { onWarning: (w) => warnings.push(w) },
    );
    expect(tags.map((tag) => tag.key)).toEqual(['jsonld:2']);
    expect(warnings.map((warning) => warning.key)).toEqual(['jsonld:0', 'jsonld:1']);
  });

  test('graph mode merges every node into one schema.org @graph', () => {
    const tags = renderHeadTags(
      {
        schemas: [
          { '@context': 'https://schema.org', '@type': 'WebPage', name: 'P' },
          {
            '@context': 'http://schema.org/',
            '@graph': [{ '@type': 'Organization', '@id': '#o' }, { '@type': 'WebSite' }],
          },
          [{ '@context': 'https://schema.org', '@type': 'Person' }],
          { '@context': { '@vocab': 'https://example.org/v#' }, '@type': 'Custom' },
          { '@context': 'https://schema.org', '@id': '#named', '@graph': [{ '@type': 'Thing' }] },
        ],
        meta: null,
        social: null,
      },
      { graph: true },
    );
    expect(tags).toHaveLength(1);
    expect(tags[0]?.key).toBe('jsonld:0');
    const json = JSON.parse(tags[0]!.html.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, ''));
    expect(json).toEqual({
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebPage', name: 'P' },
        { '@type': 'Organization', '@id': '#o' },
        { '@type': 'WebSite' },
        { '@type': 'Person' },
        { '@context': { '@vocab': 'https://example.org/v#' }, '@type': 'Custom' },
        { '@id': '#named', '@graph': [{ '@type': 'Thing' }] },
      ],
    });
    expect(renderHeadTags({ schemas: [], meta: null, social: null }, { graph: true })).toEqual([]);
  });
});
