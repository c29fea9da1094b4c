// The false alarms and misses found on published examples (Schema.org's, Google's, adobe's), each as a
// minimal document of our own with every finding it must get: code, path, severity and rule.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatReport } from '../../src/validate/format-report.ts';
import { validateJsonLd, validatePage } from '../../src/validate/index.ts';

type Rules = Array<'schema.org' | 'google'>;
const cases = JSON.parse(
  readFileSync(join(import.meta.dirname, '../fixtures/validate/fidelity.json'), 'utf8'),
) as Array<{
  name: string;
  rules: Rules;
  document: object;
  expected: Array<{ severity: string; code: string; path: string; rule: string }>;
}>;
const line = (issue: { severity: string; code: string; path: string; rule: string }) =>
  `${issue.severity} ${issue.code} ${issue.path} ${issue.rule}`;

describe('fidelity corpus: each false alarm and miss with its exact findings', () => {
  it.each(cases.map((entry) => [entry.name, entry] as const))('%s', (_, entry) => {
    const { issues, valid } = validateJsonLd(entry.document, { rules: entry.rules });
    expect(issues.map(line).sort()).toEqual(entry.expected.map(line).sort());
    expect(valid).toBe(!entry.expected.some((issue) => issue.severity === 'error'));
  });
  it('names the rich result in every Google finding', () => {
    for (const entry of cases) {
      for (const issue of validateJsonLd(entry.document, { rules: entry.rules }).issues) {
        if (issue.rule.startsWith('google:')) expect(issue.message).toMatch(/^Google's .+ rich result[ :]/);
      }
    }
  });
});

describe('spelling suggestions by edit distance', () => {
  const hint = (document: object) =>
    validateJsonLd({ '@context': 'https://schema.org', ...document }).issues.map((issue) => issue.message);
  it.each([
    [{ '@type': 'BlogPost' }, 'Did you mean "BlogPosting"?'],
    [{ '@type': 'Artcle' }, 'Did you mean "Article"?'],
    [{ '@type': 'Organisation' }, 'Did you mean "Organization"?'],
    [{ '@type': 'article' }, 'Did you mean "Article"?'],
    [{ '@type': 'Article', datePublishd: '2026-01-01' }, 'Did you mean "datePublished"?'],
    [{ '@type': 'Article', Headline: 'x' }, 'Did you mean "headline"?'],
  ])('%j', (document, expected) => {
    expect(hint(document).join('\n')).toContain(expected);
  });
  it('suggests nothing for a name far from every term', () => {
    expect(hint({ '@type': 'Zzqxv' })).toEqual(['"Zzqxv" is not a Schema.org type.']);
  });
});

describe('depth', () => {
  // Written as text: JSON.stringify itself would overflow on the deepest object.
  const nested = (depth: number) =>
    `{"@context":"https://schema.org",${'"@type":"CreativeWork","hasPart":{'.repeat(depth)}"name":"leaf"${'}'.repeat(depth + 1)}`;
  it.each([3_500, 100_000])(
    'a document %i levels deep gets a too-deep finding, not a stack overflow',
    (depth) => {
      const text = nested(depth);
      const { issues } = validateJsonLd(text, { rules: ['schema.org', 'google'] });
      const deep = issues.filter((issue) => issue.code === 'too-deep');
      expect(deep).toHaveLength(1);
      expect(deep[0]?.path).toBe(`$${'.hasPart'.repeat(256)}`);
      expect(deep[0]?.severity).toBe('error');
    },
  );
  it('reports where unparseable text breaks, however deep it nests', () => {
    const [issue] = validateJsonLd('['.repeat(200_000)).issues;
    expect(issue).toMatchObject({ code: 'json-parse-error', line: 1, column: 200_001 });
  });
  it('reads an @context of arrays nested 100,000 deep without a stack overflow', () => {
    const text = `{"@context":${'['.repeat(100_000)}${']'.repeat(100_000)},"@type":"Thing"}`;
    expect(validateJsonLd(text).issues.map((issue) => issue.code)).toEqual(['unknown-context']);
  });
});

describe('documents given as objects', () => {
  it('refuses a cycle, naming the property that closes it, instead of walking it for ever', () => {
    const part: Record<string, unknown> = { '@type': 'CreativeWork', name: 'Part' };
    part.hasPart = [part, part];
    const document = { '@context': 'https://schema.org', '@type': 'CreativeWork', hasPart: part };
    expect(() => validateJsonLd(document)).toThrow(
      'validateJsonLd: $.hasPart.hasPart[0] is the object at $.hasPart again, a cycle JSON cannot hold; pass JSON text or plain objects.',
    );
    expect(() => validatePage([document])).toThrow(
      /^validatePage: documents\[0\]: \$\.hasPart\.hasPart\[0\] is the object at \$\.hasPart again/,
    );
  });
  it('walks one object shared under many keys as the JSON it stands for, once per place, in time', () => {
    // 24 levels, each listing the next twice: as JSON, 2^24 leaves, which no page holds. Counted, not walked
    // (2^24 paths, or 2^256 at the depth limit).
    let node: Record<string, unknown> = { '@type': 'CreativeWork', name: 'Leaf' };
    for (let level = 0; level < 24; level++) node = { '@type': 'CreativeWork', hasPart: [node, node] };
    expect(() => validateJsonLd({ '@context': 'https://schema.org', ...node })).toThrow(
      /^validateJsonLd: written as JSON, the document would hold 1\.0e\+8 values \(objects used in more than one place are written in each\)/,
    );
    const shared = { '@type': 'Person', name: 'Ada' };
    const article = { '@context': 'https://schema.org', '@type': 'Article', author: shared, editor: shared };
    expect(validateJsonLd(article, { rules: ['schema.org'] }).issues).toEqual([]);
  });
  it('names where a BigInt is, and a validatePage given one string', () => {
    const document = { '@context': 'https://schema.org', '@type': 'Offer', price: 12n };
    expect(() => validateJsonLd(document)).toThrow(
      'validateJsonLd: $.price is a BigInt, which JSON cannot hold; give it as a number or as text.',
    );
    // @ts-expect-error: as JavaScript may pass it.
    expect(() => validatePage('{}')).toThrow(/^validatePage: documents must be an array .* got a string/);
  });
});

describe('hostile documents', () => {
  it('judges a breadcrumb trail of 150,000 crumbs, its last found without spreading them into one call', () => {
    const items = Array.from({ length: 150_000 }, (_, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: `Crumb ${index + 1}`,
      ...(index === 0 ? {} : { item: `https://example.com/${index}/` }),
    }));
    const { issues } = validateJsonLd(
      { '@context': 'https://schema.org', '@type': 'BreadcrumbList', itemListElement: items },
      { rules: ['schema.org', 'google'] },
    );
    // The first crumb alone lacks its item; the last (position 150,000) has one it need not have.
    expect(issues.map((issue) => `${issue.code} ${issue.path}`)).toEqual([
      'google-missing-required $.itemListElement[0].item',
    ]);
  });

  it('names a number too large for JSON as it reads, not as "null"', () => {
    expect(validateJsonLd('1e999999').issues[0]?.message).toBe(
      'A JSON-LD document is an object with "@context" and "@type"; found number Infinity.',
    );
  });

  it('lists the first 1,000 findings of a @graph of 300,000 bare Products and counts the rest, worst first', () => {
    // Millions of findings made a report longer than a string may be: `check` lost every file's results.
    const graph = Array.from({ length: 300_000 }, (_, i) => ({ '@type': 'Product', '@id': `#p${i}` }));
    const { valid, issues } = validateJsonLd(
      { '@context': 'https://schema.org', '@graph': graph },
      { rules: ['schema.org', 'google'] },
    );
    expect(valid).toBe(false);
    expect(issues).toHaveLength(1001);
    const summary = issues.at(-1)!;
    expect(summary).toMatchObject({ code: 'too-many-findings', severity: 'error', path: '$' });
    expect(summary.message).toMatch(
      /^[\d,]+ more findings \([\d,]+ errors(, [\d,]+ warnings)?\) are not listed: only the first 1,000 are\./,
    );
    // Each node draws the same findings, so the count is the listed ones' rate over every node.
    const perNode = issues.filter((issue) => issue.path.startsWith('$["@graph"][0]')).length;
    const counted = Number(/^([\d,]+)/.exec(summary.message)![1]!.replace(/,/g, ''));
    expect(counted + 1000).toBe(perNode * 300_000);
    // A report's summary counts the findings the note stands for, not the note as one more.
    const { error, warning, info } = summary.omitted!;
    expect(error + warning + info).toBe(counted);
    const listed = issues.slice(0, -1).filter((issue) => issue.severity === 'error').length;
    const report = JSON.parse(
      formatReport(
        [{ file: 'graph.jsonld', documents: [{ index: 0, line: 1, column: 1, valid, issues }] }],
        'json',
        { failOn: 'error', color: false },
      ),
    );
    expect(report.summary.errors).toBe(listed + error);
  });

  it('gives a document of thousands of made-up keys its findings, and suggestions for the first 500', () => {
    // Each unknown key is searched for the nearest real one; unbounded, 40,000 of them took 80 s. Each key
    // here is "description" with two letters changed: close enough to suggest it.
    const letters = [...'qxzjvwkyfg'];
    const keys = [...Array(11).keys()]
      .flatMap((first) => [...Array(first).keys()].map((second) => [first, second]))
      .flatMap(([first, second]) =>
        letters.flatMap((a) =>
          letters.map((b) => {
            const chars = [...'description'];
            chars[first as number] = a;
            chars[second as number] = b;
            return chars.join('');
          }),
        ),
      )
      .slice(0, 2_000);
    expect(new Set(keys).size).toBe(2_000);
    const graph = keys.map((key) => ({ '@type': 'Thing', [key]: 1 }));
    const { issues } = validateJsonLd({ '@context': 'https://schema.org', '@graph': graph });
    const unknown = issues.filter((issue) => issue.code === 'unknown-property');
    // The first 1,000 listed, the others counted.
    expect(unknown).toHaveLength(1_000);
    expect(issues.at(-1)?.message).toMatch(/^1,000 more findings \(1,000 errors\) are not listed/);
    expect(unknown.filter((issue) => issue.message.includes('Did you mean "description"?'))).toHaveLength(
      500,
    );
  });
  it('says a null @context leaves the terms in no vocabulary, and checks them as Schema.org', () => {
    const { valid, issues } = validateJsonLd({ '@context': null, '@type': 'Thing', nme: 'a' });
    expect(valid).toBe(false);
    expect(issues.map((issue) => [issue.code, issue.path])).toEqual([
      ['missing-context', '$["@context"]'],
      ['unknown-property', '$.nme'],
    ]);
  });
});

describe("a node written in parts that share its @id, as Google merges them: one page's scripts or one @graph", () => {
  const rules: Rules = ['schema.org', 'google'];
  // Each document's findings, as `severity code path rule`.
  const findings = (documents: object[]) =>
    validatePage(documents, { rules }).map((result) => result.issues.map(line).sort());
  const article = {
    '@context': 'https://schema.org',
    '@type': 'Article',
    '@id': 'https://ex.com/p#article',
    headline: 'Hi',
  };
  const rest = {
    '@context': 'https://schema.org',
    '@id': 'https://ex.com/p#article',
    datePublished: '2024-01-01',
    author: { '@type': 'Person', name: 'Ann', url: 'https://ex.com/ann' },
    image: 'https://ex.com/a.png',
  };
  it('reads an untyped second part as the typed node, in either order: no missing-type, nothing missing', () => {
    expect(findings([article, rest])).toEqual([[], []]);
    expect(findings([rest, article])).toEqual([[], []]);
  });
  it("points each finding at the script and field that err: the second part's own values", () => {
    const wrong = { ...rest, datePublished: 'yesterday', image: 5, author: { '@type': 'Person' } };
    expect(findings([article, wrong])).toEqual([
      [],
      [
        'error invalid-value $.datePublished schema.org',
        'error invalid-value $.image schema.org',
        'warning google-missing-recommended $.author.name google:article',
        'warning google-missing-recommended $.author.url google:article',
      ].sort(),
    ]);
  });
  it("checks a rich result's values in the part that gives them, and needs nothing the other part has", () => {
    const product = {
      '@context': 'https://schema.org',
      '@type': 'Product',
      '@id': '#shoe',
      name: 'Shoe',
      image: 'https://ex.com/s.png',
    };
    const offers = {
      '@context': 'https://schema.org',
      '@id': '#shoe',
      offers: {
        '@type': 'Offer',
        price: 'abc',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
      },
    };
    const [first, second] = findings([product, offers]);
    expect(first!.filter((finding) => !finding.includes('recommended'))).toEqual([]);
    expect(second).toEqual(['error google-invalid-value $.offers.price google:merchant-listing']);
    // Alone, the Product has none of a snippet's review, rating or offers.
    expect(findings([product])[0]).toContain('error google-missing-one-of $ google:product-snippet');
  });
  it("checks the second part's properties against the node's type", () => {
    const stray = { ...rest, recipeYield: '4' };
    expect(findings([article, stray])).toEqual([
      [],
      ['warning property-not-in-domain $.recipeYield schema.org'],
    ]);
  });
  it('still asks a type of a node no other part types (another @id), and of a page of that part alone', () => {
    const other = { ...rest, '@id': 'https://ex.com/p#other' };
    expect(findings([article, other])[1]).toEqual(['error missing-type $ schema.org']);
    expect(findings([rest])[0]).toEqual(['error missing-type $ schema.org']);
  });
  it('checks a node two typed parts write once, whole: neither is missing what the other gives', () => {
    expect(findings([article, { ...rest, '@type': 'Article' }])).toEqual([[], []]);
  });
  it('merges the parts of one @graph the same way', () => {
    const { '@context': _, ...typed } = article;
    const { '@context': __, ...part } = rest;
    const { issues } = validateJsonLd(
      { '@context': 'https://schema.org', '@graph': [typed, { ...part, image: 5 }] },
      { rules },
    );
    expect(issues.map(line)).toEqual(['error invalid-value $["@graph"][1].image schema.org']);
  });
});
