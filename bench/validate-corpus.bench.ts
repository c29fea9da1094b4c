// Validator throughput on real JSON-LD this project did not write: Schema.org's published examples, read
// from ../shared/external-corpus at bench time (never copied into the project), with Google's rules on, and
// the same documents through @adobe/structured-data-validator. Skipped when the corpus is not there.
// Run: node bench/validate-corpus.bench.ts  (SCHEMA_ORG_CORPUS=<folder of .json files> to point elsewhere)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { validateJsonLd } from '../src/validate/index.ts';
import { createAdobeValidator } from './adobe-validator.ts';

const folder =
  process.env.SCHEMA_ORG_CORPUS ??
  join(import.meta.dirname, '../../shared/external-corpus/schemaorg-examples');
if (!existsSync(folder)) {
  console.log(`validate-corpus: skipped, no corpus at ${folder} (set SCHEMA_ORG_CORPUS)`);
  process.exit(0);
}
const texts = readdirSync(folder)
  .filter((name) => name.endsWith('.json'))
  .map((name) => readFileSync(join(folder, name), 'utf8'));
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const options = { rules: ['schema.org', 'google'] as Array<'schema.org' | 'google'> };

// Ours, warm: a few passes to settle the JIT, then the measured passes.
for (let i = 0; i < 20; i++) for (const text of texts) validateJsonLd(text, options);
const rounds = 100;
const start = performance.now();
for (let i = 0; i < rounds; i++) for (const text of texts) validateJsonLd(text, options);
const ours = (texts.length * rounds) / ((performance.now() - start) / 1000);

const { adobeValidate, adobeCrashes } = await createAdobeValidator();
for (let i = 0; i < 3; i++) for (const text of texts) await adobeValidate(text);
const adobeRounds = 10;
const adobeStart = performance.now();
for (let i = 0; i < adobeRounds; i++) for (const text of texts) await adobeValidate(text);
const adobe = (texts.length * adobeRounds) / ((performance.now() - adobeStart) / 1000);

const ratio = ours / adobe;
console.log(`validate-corpus: ${texts.length} Schema.org examples from ${folder}, Google rules on`);
console.log(`validate-corpus: astro-schema-manager warm ${fmt(ours)} docs/s`);
console.log(
  `validate-corpus: @adobe/structured-data-validator warm ${fmt(adobe)} docs/s (threw on ${adobeCrashes() / (adobeRounds + 3)} documents)`,
);
console.log(
  `validate-corpus: ratio ${ratio.toFixed(1)}x; targets >= 50,000 docs/s ${ours >= 50_000 ? 'met' : 'MISSED'}, >= 5x adobe ${ratio >= 5 ? 'met' : 'MISSED'}`,
);
