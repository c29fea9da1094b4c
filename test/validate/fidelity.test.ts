// The false alarms and misses found on published examples (Schema.org's, Google's, adobe's), each as a
// minimal document of our own with every finding it must get: code, path, severity and rule.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateJsonLd } from '../../src/validate/index.ts';

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

describe('hostile documents', () => {
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
    expect(unknown).toHaveLength(2_000);
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
