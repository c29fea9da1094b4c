import { describe, expect, it, vi } from 'vitest';
import { isJsonLdType } from '../../src/head/json-ld-type.ts';
import { extractJsonLd, validateJsonLd, validatePage } from '../../src/validate/index.ts';

const org = { '@context': 'https://schema.org', '@type': 'Organization', '@id': '#org', name: 'Acme' };
const site = {
  '@context': 'https://schema.org',
  '@type': 'WebSite',
  name: 'S',
  publisher: { '@id': '#org' },
};

describe('validatePage: a page’s documents as one graph', () => {
  it('resolves an @id one document defines for another; alone it would not', () => {
    expect(validateJsonLd(site).issues.map((issue) => issue.code)).toEqual(['unresolved-id']);
    const [first, second] = validatePage([JSON.stringify(site), org]);
    expect(first).toEqual({ valid: true, issues: [] });
    expect(second).toEqual({ valid: true, issues: [] });
  });
  it('gives each document its own findings, with paths inside it and no document index left over', () => {
    const bad = { '@context': 'https://schema.org', '@type': 'Article', datePublished: 5 };
    const results = validatePage([org, bad, '{"@type":', [bad]]);
    expect(results.map((result) => result.valid)).toEqual([true, false, false, false]);
    expect(results[1]!.issues).toEqual([
      expect.objectContaining({ code: 'invalid-value', path: '$.datePublished' }),
    ]);
    expect(results[2]!.issues).toEqual([
      expect.objectContaining({ code: 'json-parse-error', path: '$', line: 1, column: 10 }),
    ]);
    expect(results[3]!.issues).toEqual([
      expect.objectContaining({ code: 'invalid-value', path: '$[0].datePublished' }),
    ]);
    for (const result of results)
      for (const issue of result.issues) expect(issue).not.toHaveProperty('document');
  });
  it('gives the same findings as validateJsonLd for a page of one document', () => {
    const doc = {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'x',
      offers: { '@type': 'Offer', price: '$1' },
    };
    const options = { rules: ['schema.org', 'google'] as Array<'schema.org' | 'google'> };
    expect(validatePage([doc], options)[0]).toEqual(validateJsonLd(doc, options));
  });
});

describe('one finding per malformed value', () => {
  it('a date Schema.org already rejects gets no second, Google finding, alone or in a page', () => {
    const event = {
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Launch',
      startDate: 'next Friday',
      location: { '@type': 'Place', name: 'Hall', address: 'Main St 1' },
    };
    const options = { rules: ['schema.org', 'google'] as Array<'schema.org' | 'google'> };
    const atStart = (issues: Array<{ code: string; path: string }>) =>
      issues.filter((issue) => issue.path === '$.startDate').map((issue) => issue.code);
    expect(atStart(validateJsonLd(event, options).issues)).toEqual(['invalid-value']);
    expect(
      atStart(
        validatePage([{ '@context': 'https://schema.org', '@type': 'Thing' }, event], options)[1]!.issues,
      ),
    ).toEqual(['invalid-value']);
  });
});

describe('one JSON-LD recogniser for the head and check', () => {
  it.each(['application/ld+json', 'application/ld+json; charset=utf-8', ' Application/LD+JSON '])(
    'extractJsonLd reads a script of type %j, as the head scanner does',
    (type) => {
      const html = `<script type="${type}">{"@context":"https://schema.org","@type":"Thing"}</script>`;
      expect(isJsonLdType(type)).toBe(true);
      expect(extractJsonLd(html)).toHaveLength(1);
    },
  );
});

describe('extractJsonLd on a page of many scripts', () => {
  it('searches the page for line breaks once, not again from each script (a page of 100,000 took minutes)', () => {
    const script = '<script type="application/ld+json">{"@type":"Thing"}</script>';
    // Built pages often hold their whole head on one line, with a line break further down.
    const html = `<!doctype html>\n<html><head>${script.repeat(2_000)}</head><body></body></html>\n`;
    const indexOf = String.prototype.indexOf;
    let searched = 0;
    const spy = vi.spyOn(String.prototype, 'indexOf').mockImplementation(function (
      this: string,
      search: string,
      from?: number,
    ) {
      const at = indexOf.call(this, search, from);
      if (search === '\n' && this.length === html.length)
        searched += (at === -1 ? html.length : at) - (from ?? 0);
      return at;
    });
    let scripts: ReturnType<typeof extractJsonLd>;
    try {
      scripts = extractJsonLd(html);
    } finally {
      spy.mockRestore();
    }
    expect(scripts).toHaveLength(2_000);
    expect(scripts[1_999]).toMatchObject({ line: 2, column: 48 + 1_999 * script.length });
    // Each character looked at once at most in the search for line breaks.
    expect(searched).toBeLessThanOrEqual(html.length);
  });
});
