// Value checks against a property's range: literals against DataTypes, strings against enumerations and
// Duration, nodes and `@id` references against the range's classes. Schema.org's own leniency holds: text is
// accepted where a Thing is expected, URLs wherever a Thing is, and a Role may stand in for any value.
import type { TermContext } from './context.ts';
import { dataTypeFormat, isDuration, literalFits } from './literals.ts';
import type { Property, Vocabulary } from './vocabulary/vocabulary.ts';
import { nodeTypes, type Walk } from './walk.ts';

const names = (vocab: Vocabulary, ids: number[]): string => ids.map((id) => vocab.typeNames[id]).join(' or ');

/** Reports a superseded (warning) or pending (info) term. */
export function reportTermStatus(walk: Walk, name: string): void {
  const { vocab, report } = walk;
  const replacement = vocab.superseded.get(name);
  if (replacement !== undefined)
    report.add('superseded-term', `"${name}" is superseded by "${replacement}".`);
  if (vocab.pending.has(name)) {
    report.add(
      'pending-term',
      `"${name}" is a pending Schema.org term: it may change, and consumers may ignore it.`,
    );
  }
}

export function checkLiteral(walk: Walk, value: string | number | boolean, property: Property): void {
  const { vocab, report } = walk;
  let text = false;
  for (const range of property.ranges) {
    if (!vocab.isDataType[range]) continue;
    const dataType = vocab.typeNames[range]!;
    if (literalFits(dataType, value)) return;
    if (dataType === 'Text') text = true;
  }
  const classes = property.classRanges;
  if (typeof value === 'string' && classes.length > 0) {
    const enumerations = classes.filter((id) => vocab.isEnumeration[id]);
    if (enumerations.length > 0) {
      checkEnumerationMember(walk, value, enumerations, enumerations.length < classes.length);
    } else if (classes.includes(vocab.id('Duration')) && !isDuration(value)) {
      report.add(
        'invalid-value',
        `"${property.name}" expects ${dataTypeFormat.Duration}; found ${JSON.stringify(value)}.`,
      );
    }
    return;
  }
  if (typeof value === 'number' && classes.some((id) => isQuantity(vocab, id))) return;
  if (text && typeof value !== 'string') {
    report.add(
      'text-expected',
      `"${property.name}" expects text; write ${JSON.stringify(String(value))} as a string.`,
    );
    return;
  }
  report.add(
    'invalid-value',
    `"${property.name}" expects ${expected(vocab, property)}; found ${JSON.stringify(value)}.`,
  );
}

function isQuantity(vocab: Vocabulary, id: number): boolean {
  return vocab.isA(id, vocab.id('Quantity')) || vocab.isA(id, vocab.id('QuantitativeValue'));
}

function expected(vocab: Vocabulary, property: Property): string {
  const formats = property.ranges.map((id) => {
    const name = vocab.typeNames[id]!;
    return vocab.isDataType[id] ? (dataTypeFormat[name] ?? name) : `a ${name}`;
  });
  return [...new Set(formats)].join(' or ');
}

const schemaPrefix = /^(?:https?:\/\/schema\.org\/|schema:)([A-Za-z0-9]+)$/;
const bareMember = /^[A-Z][A-Za-z0-9]*$/;

/** A string where an enumeration is expected: a Schema.org member (short or full form) must exist and fit. */
function checkEnumerationMember(
  walk: Walk,
  value: string,
  enumerations: number[],
  textAllowed: boolean,
): void {
  const { vocab, report } = walk;
  const prefixed = schemaPrefix.exec(value)?.[1];
  const name = prefixed ?? (bareMember.test(value) ? value : null);
  if (name === null) return; // free text or another vocabulary's IRI: allowed where a Thing is expected
  const memberOf = vocab.members.get(name);
  const fits = memberOf?.some((type) => enumerations.some((enumeration) => vocab.isA(type, enumeration)));
  if (fits) {
    reportTermStatus(walk, name);
    return;
  }
  if (!prefixed && !memberOf && textAllowed) return;
  const wanted = names(vocab, enumerations);
  const members = membersOf(vocab, enumerations);
  report.add(
    'unknown-enumeration-member',
    memberOf
      ? `"${value}" is a ${names(vocab, memberOf)}, not a ${wanted}. Use one of: ${members}.`
      : `"${value}" is not a member of ${wanted}. Use one of: ${members}.`,
  );
}

function membersOf(vocab: Vocabulary, enumerations: number[]): string {
  const found: string[] = [];
  for (const [member, types] of vocab.members) {
    if (types.some((type) => enumerations.some((enumeration) => vocab.isA(type, enumeration))))
      found.push(member);
  }
  return found.length > 12 ? `${found.slice(0, 12).join(', ')}, …` : found.join(', ');
}

/** A node value: its types must fit the range's classes; a Role fits anywhere. */
export function checkNodeRange(walk: Walk, types: number[], property: Property): void {
  const { vocab, report } = walk;
  const role = vocab.id('Role');
  if (types.some((type) => vocab.isA(type, role))) return;
  const classes = property.classRanges;
  if (classes.length === 0) {
    const found = types.length > 0 ? `a ${names(vocab, types)} node` : 'an object';
    report.add('invalid-value', `"${property.name}" expects ${expected(vocab, property)}; found ${found}.`);
    return;
  }
  for (const type of types) for (const range of classes) if (vocab.isA(type, range)) return;
  report.add(
    'unexpected-value-type',
    `"${property.name}" expects ${names(vocab, classes)}; found ${names(vocab, types)}.`,
  );
}

/** `{"@id": ...}` alone: a reference to a node in this document, or a Schema.org enumeration member. */
export function checkReference(
  walk: Walk,
  id: unknown,
  property: Property | null,
  context: TermContext,
): void {
  const { vocab, report } = walk;
  if (typeof id !== 'string') {
    report.add('invalid-json-ld', `"@id" must be a string (an IRI); found ${typeof id}.`);
    return;
  }
  if (schemaPrefix.test(id)) {
    const enumerations = property?.classRanges.filter((type) => vocab.isEnumeration[type]) ?? [];
    if (enumerations.length > 0) checkEnumerationMember(walk, id, enumerations, false);
    return;
  }
  const target = resolveId(walk, id);
  if (!target) {
    report.add(
      'unresolved-id',
      `"@id" ${JSON.stringify(id)} is not defined in this document; define that node here or write the value inline.`,
    );
    return;
  }
  if (property && '@type' in target) {
    const types = nodeTypes(walk, target, context, true);
    if (types.length > 0) checkNodeRange(walk, types, property);
  }
}

/** The node defining `id` in this document; the index is built on the first reference. */
export function resolveId(walk: Walk, id: string): Record<string, unknown> | undefined {
  if (!walk.ids) {
    const ids = new Map<string, Record<string, unknown>>();
    const visit = (value: unknown): void => {
      if (Array.isArray(value)) for (const item of value) visit(item);
      else if (typeof value === 'object' && value !== null) {
        const node = value as Record<string, unknown>;
        const own = node['@id'];
        if (typeof own === 'string' && !ids.has(own) && Object.keys(node).some((key) => key !== '@id')) {
          ids.set(own, node);
        }
        for (const key in node) visit(node[key]);
      }
    };
    visit(walk.root);
    walk.ids = ids;
  }
  return walk.ids.get(id);
}
