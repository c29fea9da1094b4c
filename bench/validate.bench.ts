// Validator throughput: documents/s cold and warm, pages/s with HTML extraction, vocabulary load time, and the
// same documents through @adobe/structured-data-validator (fed the same Schema.org release) as a ratio.
// Run: node bench/validate.bench.ts
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createAdobeValidator } from './validate-adobe.ts';

const root = join(import.meta.dirname, '..');
const fixtures = join(root, 'test/fixtures/validate');

// Vocabulary load, measured in a fresh module graph before anything else touches it.
const loadStart = performance.now();
const { loadVocabulary } = await import('../src/validate/vocabulary/vocabulary.ts');
loadVocabulary();
const loadMs = performance.now() - loadStart;
const { extractJsonLd, validateJsonLd } = await import('../src/validate/index.ts');

const valid = readdirSync(join(fixtures, 'valid')).map((name) =>
  readFileSync(join(fixtures, 'valid', name), 'utf8'),
);
const invalid = (
  JSON.parse(readFileSync(join(fixtures, 'invalid.json'), 'utf8')) as Array<{ document: unknown }>
).map((entry) => JSON.stringify(entry.document));
const corpus = [...valid, ...invalid];

function rate(count: number, body: () => void): number {
  const start = performance.now();
  body();
  return count / ((performance.now() - start) / 1000);
}
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

const cold = rate(corpus.length, () => {
  for (const text of corpus) validateJsonLd(text, { rules: ['google'] });
});
const rounds = 400;
for (let i = 0; i < 50; i++) for (const text of corpus) validateJsonLd(text, { rules: ['google'] });
const warm = rate(corpus.length * rounds, () => {
  for (let i = 0; i < rounds; i++) for (const text of corpus) validateJsonLd(text, { rules: ['google'] });
});

// Pages: a built page of ordinary size with two JSON-LD scripts among the usual head and body markup.
const filler =
  '<div class="card"><h2>Heading</h2><p>Some <a href="/x">linked</a> text &amp; more.</p></div>\n'.repeat(
    120,
  );
const pages = valid.map(
  (text, i) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page ${i}</title>` +
    '<meta name="description" content="A page"><link rel="stylesheet" href="/a.css">' +
    `<script type="application/ld+json">${text}</script>` +
    `<script type="application/ld+json">${valid[(i + 1) % valid.length]}</script>` +
    `<script>window.x = 1;</script></head><body>${filler}</body></html>`,
);
const pageBytes = pages.reduce((sum, page) => sum + page.length, 0) / pages.length;
const checkPage = (page: string) => {
  for (const script of extractJsonLd(page)) validateJsonLd(script.text, { rules: ['google'] });
};
for (let i = 0; i < 20; i++) for (const page of pages) checkPage(page);
const pageRounds = 150;
const pagesPerSecond = rate(pages.length * pageRounds, () => {
  for (let i = 0; i < pageRounds; i++) for (const page of pages) checkPage(page);
});

console.log(`validate: vocabulary load ${loadMs.toFixed(1)} ms (first import + index)`);
console.log(
  `validate: corpus ${corpus.length} documents (${valid.length} valid, ${invalid.length} invalid), Google rules on`,
);
console.log(`validate: cold ${fmt(cold)} docs/s (first pass)`);
console.log(`validate: warm ${fmt(warm)} docs/s`);
console.log(
  `validate: pages ${fmt(pagesPerSecond)} pages/s with HTML extraction (${Math.round(pageBytes / 1024)} KiB pages, 2 scripts each)`,
);

// Inputs that once cost time quadratic in their size (or worse): one document of many nodes with Google
// findings (each finding was checked against every one before it), and a Number value of a long run of
// digits (the pattern backtracked: 22 s at 100,000 digits).
const products = 10_000;
const manyNodes = {
  '@context': 'https://schema.org',
  '@graph': Array.from({ length: products }, (_, index) => ({
    '@type': 'Product',
    name: `Product ${index}`,
    offers: { '@type': 'Offer', price: '$10', priceCurrency: 'usd' },
    aggregateRating: { '@type': 'AggregateRating', ratingValue: '9', reviewCount: 'x' },
  })),
};
let started = performance.now();
const manyIssues = validateJsonLd(manyNodes, { rules: ['schema.org', 'google'] }).issues.length;
console.log(
  `validate: one document of ${fmt(products)} Products with findings: ${(performance.now() - started).toFixed(0)} ms (${fmt(manyIssues)} issues)`,
);
started = performance.now();
validateJsonLd({
  '@context': 'https://schema.org',
  '@type': 'Accommodation',
  numberOfRooms: `${'1'.repeat(100_000)}x`,
});
console.log(
  `validate: a Number value of 100,000 digits and a letter: ${(performance.now() - started).toFixed(1)} ms`,
);

// The same documents through @adobe/structured-data-validator, given the same Schema.org release as JSON-LD.
const { adobeValidate, adobeCrashes } = await createAdobeValidator();
const adobeStart = performance.now();
for (const text of corpus) await adobeValidate(text);
const adobeCold = corpus.length / ((performance.now() - adobeStart) / 1000);
for (let i = 0; i < 10; i++) for (const text of corpus) await adobeValidate(text);
const adobeRounds = 40;
const adobeWarmStart = performance.now();
for (let i = 0; i < adobeRounds; i++) for (const text of corpus) await adobeValidate(text);
const adobeWarm = (corpus.length * adobeRounds) / ((performance.now() - adobeWarmStart) / 1000);

console.log(
  `validate: @adobe/structured-data-validator cold ${fmt(adobeCold)} docs/s, warm ${fmt(adobeWarm)} docs/s (threw on ${adobeCrashes() / (adobeRounds + 11)} of ${corpus.length} documents)`,
);
console.log(
  `validate: ratio warm ${(warm / adobeWarm).toFixed(1)}x, cold ${(cold / adobeCold).toFixed(1)}x (astro-schema-manager / adobe)`,
);
