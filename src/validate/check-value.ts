// Value checks against a property's range: literals against DataTypes, strings against enumerations and
// Duration, nodes and `@id` references against the range's classes. Schema.org's own leniency holds: text is
// accepted where a Thing is expected, URLs wherever a Thing is, and a Role may stand in for any value.
import type { TermContext } from './context.ts';
import { LINKS_NOT_PARTS } from './links.ts';
import {
  dataTypeFormat,
  hasUnsafeScheme,
  impossibleDate,
  isHostWithoutScheme,
  literalFits,
  otherDatePrecision,
  unfilledValue,
} from './literals.ts';
import { nodeTypes, reportTermStatus } from './node-types.ts';
import type { Property, Vocabulary } from './vocabulary/vocabulary.ts';
import { keywordKey, type Walk } from './walk-state.ts';

/** Type names as a list of alternatives: `Organization or Person`. */
export const names = (vocab: Vocabulary, ids: number[]): string =>
  ids.map((id) => vocab.typeNames[id]).join(' or ');

export function checkLiteral(walk: Walk, value: string | number | boolean, property: Property): void {
  const { vocab, report } = walk;
  // A property Schema.org gives no range (`interactionCount`) takes any value.
  if (property.ranges.length === 0) return;
  if (property.url && typeof value === 'string' && !checkUrl(walk, value, property)) return;
  let text = false;
  // A date of the neighbouring precision, reported only when no range takes the value as it is.
  let precision: 'Date' | 'DateTime' | null = null;
  for (const range of property.ranges) {
    if (!vocab.isDataType[range]) continue;
    const dataType = vocab.typeNames[range]!;
    if (literalFits(dataType, value)) {
      if (typeof value === 'string') checkFilled(walk, value, property);
      return;
    }
    if (dataType === 'Text') text = true;
    if (typeof value === 'string') precision ??= otherDatePrecision(dataType, value);
  }
  if (precision) {
    report.add(
      'date-precision',
      precision === 'DateTime'
        ? `"${property.name}" is a Date in Schema.org; ${JSON.stringify(value)} adds a time, which readers take (Google recommends one for prices and sales).`
        : `"${property.name}" is a DateTime in Schema.org; ${JSON.stringify(value)} is a date alone, which readers take as that day.`,
    );
    return;
  }
  const classes = property.classRanges;
  if (typeof value === 'string' && classes.length > 0) {
    // Text stands for a Thing (a name, a URL), but empty text stands for nothing.
    if (value.trim() === '') {
      report.add(
        'invalid-value',
        `"${property.name}" is empty; it expects ${expected(vocab, property)}. Give one, or leave the property out.`,
      );
      return;
    }
    const enumerations = classes.filter((id) => vocab.isEnumeration[id]);
    const member =
      enumerations.length > 0 &&
      checkEnumerationMember(walk, value, enumerations, enumerations.length < classes.length);
    if (!member) checkFilled(walk, value, property);
    return;
  }
  // A bare number where a QuantitativeValue is expected reads as its value (Schema.org's own examples do this).
  const quantitative = vocab.id('QuantitativeValue');
  if (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    classes.some((id) => vocab.isA(id, quantitative))
  )
    return;
  if (text && typeof value !== 'string') {
    // A whole number past 2^53 was read with other digits than written (a 19-digit GTIN): quoting it would
    // tell the user to write digits that are not theirs.
    const rounded = typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value);
    // 1e999 is read as Infinity: "write "Infinity" as a string" would name a value the page never held.
    const overflows = typeof value === 'number' && !Number.isFinite(value);
    report.add(
      'text-expected',
      overflows
        ? `"${property.name}" expects text; write the number as a string, in quotes, with its digits as written: as a number it is too large for JSON readers (they read ${JSON.stringify(String(value))}).`
        : rounded
          ? `"${property.name}" expects text; write the number as a string, in quotes, with its digits as written: as a number it has more digits than JSON readers keep (they read ${JSON.stringify(String(value))}).`
          : `"${property.name}" expects text; write ${JSON.stringify(String(value))} as a string.`,
    );
    return;
  }
  // "2025-02-30" has a date's form: say why it is none, or the message reads as if it were.
  const impossible = typeof value === 'string' ? impossibleDate(value) : null;
  report.add(
    'invalid-value',
    `"${property.name}" expects ${expected(vocab, property)}; found ${shown(value)}${impossible ? ` (${impossible})` : ''}.`,
  );
}

/**
 * Text a page would show as written: a placeholder never filled, JavaScript's word for a missing value, or an
 * HTML escape a template wrote into JSON, where no reader decodes it.
 */
function checkFilled(walk: Walk, value: string, property: Property): void {
  const unfilled = unfilledValue(value);
  if (unfilled === null) {
    const escaped = HTML_ESCAPE.exec(value)?.[0];
    if (escaped)
      walk.report.add(
        'html-escaped-text',
        `"${property.name}" holds ${JSON.stringify(escaped)}, an HTML escape: JSON-LD text is not HTML, so readers (Google among them) show it as written. Write the character itself (a template that escapes for HTML should not escape inside the JSON-LD script).`,
      );
    return;
  }
  const name = `"${property.name}"`;
  const field = /title/.test(unfilled.text) ? 'title' : 'description';
  walk.report.add(
    'unfilled-placeholder',
    unfilled.kind === 'cms'
      ? `${name} holds ${unfilled.text}, the CMS's placeholder for the page's meta ${field}, unfilled: there was no meta ${field} to fill it from (none for the page, or credentials that cannot read meta). Give the page a meta ${field} (in the CMS, or in the page file that push sends), or remove the placeholder.`
      : unfilled.kind === 'template'
        ? `${name} is ${JSON.stringify(unfilled.text)}, a template expression never filled in: the page shows it as written. Fill it where the JSON-LD is made.`
        : unfilled.text === '[object Object]'
          ? `${name} holds "[object Object]", what JavaScript writes for an object turned into text: the JSON-LD was made from an object where text was expected.`
          : `${name} is "${unfilled.text}", what JavaScript writes for a missing value: the data behind it was missing when the page was made. Fill it, or leave the property out.`,
  );
}

/** An HTML character reference as templates write them (`&amp;`, `&#39;`, `&#x27;`). */
const HTML_ESCAPE = /&(?:amp|lt|gt|quot|apos|nbsp|#\d{1,7}|#x[0-9a-f]{1,6});/i;

/** False when the URL is one no one may follow (reported); warns on a host written without its scheme. */
function checkUrl(walk: Walk, value: string, property: Property): boolean {
  if (hasUnsafeScheme(value)) {
    walk.report.add(
      'unsafe-url',
      `"${property.name}" uses the ${value.trimStart().slice(0, value.trimStart().indexOf(':') + 1)} scheme, which search engines ignore and browsers may run; link an http(s) address instead.`,
    );
    return false;
  }
  if (isHostWithoutScheme(value)) {
    walk.report.add(
      'url-without-scheme',
      `"${property.name}" ${JSON.stringify(value)} has no scheme, so it reads as a path on this site; did you mean "https://${value}"?`,
    );
  }
  return true;
}

/** The article before a type's name: Schema.org's names start with a capital, read as a vowel for A, E, I, O. */
export const article = (name: string): 'a' | 'an' => (/^[AEIO]/.test(name) ? 'an' : 'a');

function expected(vocab: Vocabulary, property: Property): string {
  const formats = property.ranges.map((id) => {
    const name = vocab.typeNames[id]!;
    return vocab.isDataType[id] ? (dataTypeFormat[name] ?? name) : `${article(name)} ${name}`;
  });
  return [...new Set(formats)].join(' or ');
}

const schemaPrefix = /^(?:https?:\/\/schema\.org\/|schema:)([A-Za-z0-9]+)$/;
const bareMember = /^[A-Z][A-Za-z0-9]*$/;

/**
 * A string where an enumeration is expected: a Schema.org member (short or full form) must exist and fit.
 * False when the string is free text rather than a member, checked or not.
 */
function checkEnumerationMember(
  walk: Walk,
  value: string,
  enumerations: number[],
  textAllowed: boolean,
): boolean {
  const { vocab, report } = walk;
  const prefixed = schemaPrefix.exec(value)?.[1];
  const name = prefixed ?? (bareMember.test(value) ? value : null);
  if (name === null) return false; // free text or another vocabulary's IRI: allowed where a Thing is expected
  const memberOf = vocab.members.get(name);
  const fits = memberOf?.some((type) => enumerations.some((enumeration) => vocab.isA(type, enumeration)));
  if (fits) {
    reportTermStatus(walk, name);
    return true;
  }
  if (!prefixed && !memberOf && textAllowed) return false;
  const wanted = names(vocab, enumerations);
  const members = membersOf(vocab, enumerations);
  report.add(
    'unknown-enumeration-member',
    memberOf
      ? `"${value}" is ${article(names(vocab, memberOf))} ${names(vocab, memberOf)}, not ${article(wanted)} ${wanted}. Use one of: ${members}.`
      : `"${value}" is not a member of ${wanted}. Use one of: ${members}.`,
  );
  return true;
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
  if (property.ranges.length === 0) return;
  if (classes.length === 0) {
    const found =
      types.length > 0 ? `${article(names(vocab, types))} ${names(vocab, types)} node` : 'an object';
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
  if (walk.references && property) {
    const reference = {
      via: property.name,
      parentTypes: walk.owner?.types ?? [],
      above: walk.owner,
      fromId: walk.ownerIds.at(-1) ?? null,
    };
    const known = walk.references.get(id);
    if (known) known.push(reference);
    else walk.references.set(id, [reference]);
  }
  if (schemaPrefix.test(id)) {
    const enumerations = property?.classRanges.filter((type) => vocab.isEnumeration[type]) ?? [];
    if (enumerations.length > 0) checkEnumerationMember(walk, id, enumerations, false);
    return;
  }
  const target = resolveId(walk, id);
  // A link to another work by its full address (a translation, the site the page is part of) may name a
  // node another page defines; a part, or a fragment alone, is expected here.
  if (!target && property && LINKS_NOT_PARTS.has(property.name) && /^https?:\/\//i.test(id)) return;
  if (!target) {
    report.add(
      'unresolved-id',
      `"@id" ${JSON.stringify(id)} is not defined in this document; define that node here or write the value inline.`,
    );
    return;
  }
  if (property && keywordKey(target, '@type', context) !== undefined) {
    const types = nodeTypes(walk, target, context, true);
    if (types.length > 0) checkNodeRange(walk, types, property);
  }
}

// `type` is the alias Schema.org's context gives `@type`.
const isTyped = (node: Record<string, unknown>) => '@type' in node || 'type' in node;

/**
 * The node `id` names in this document; the index is built on the first reference. JSON-LD makes one node of
 * every object with that `@id`: Yoast writes `"author": {"name", "@id"}` in its Article and the Person, with
 * its `url` and `sameAs`, later in the graph. The node is the first definition with a type (else the first), with
 * the properties only the others give added.
 */
export function resolveId(walk: Walk, id: string): Record<string, unknown> | undefined {
  if (!walk.ids) {
    const ids = new Map<string, Record<string, unknown>>();
    const parts = new Map<string, Array<Record<string, unknown>>>();
    // Iterative: a document of any depth is indexed without growing the call stack. Only containers are
    // stacked; literals cannot define a node.
    const stack: object[] = typeof walk.root === 'object' && walk.root !== null ? [walk.root] : [];
    while (stack.length > 0) {
      const value = stack.pop()!;
      if (Array.isArray(value)) {
        for (let i = value.length - 1; i >= 0; i--) {
          const item: unknown = value[i];
          if (typeof item === 'object' && item !== null) stack.push(item);
        }
        continue;
      }
      const node = value as Record<string, unknown>;
      // `id` is the alias Schema.org's context gives `@id`.
      const key = '@id' in node ? '@id' : 'id';
      const own = node[key];
      let others = false;
      const start = stack.length;
      for (const other in node) {
        const item = node[other];
        if (other !== key) others = true;
        if (typeof item === 'object' && item !== null) stack.push(item);
      }
      // Children popped in document order, so the first definition of an @id is the one kept, or the first
      // with a type where an earlier one has none (Yoast's `"author": {"name", "@id"}` before its Person).
      for (let low = start, high = stack.length - 1; low < high; low++, high--) {
        const swap = stack[low]!;
        stack[low] = stack[high]!;
        stack[high] = swap;
      }
      if (typeof own === 'string' && others) {
        const kept = ids.get(own);
        if (kept === undefined || (!isTyped(kept) && isTyped(node))) ids.set(own, node);
        const known = parts.get(own);
        if (known) known.push(node);
        else parts.set(own, [node]);
      }
    }
    walk.parts = new Map();
    for (const [own, nodes] of parts) {
      if (nodes.length < 2) continue;
      const kept = ids.get(own)!;
      ids.set(own, wholeNode(kept, nodes));
      walk.parts.set(own, [kept, ...nodes.filter((node) => node !== kept)]);
    }
    walk.ids = ids;
  }
  return walk.ids.get(id);
}

/**
 * The parts of the node `id` names where it is written in several (Yoast's author, a node a page splits over
 * two scripts), the one its whole node builds on first; undefined where it is written once.
 */
export function partsOf(walk: Walk, id: string): Array<Record<string, unknown>> | undefined {
  resolveId(walk, id);
  return walk.parts!.get(id);
}

/** `kept` with the properties that only the other `parts` of its node give (its own `@id` and type stay). */
function wholeNode(kept: Record<string, unknown>, parts: Array<Record<string, unknown>>) {
  let whole = kept;
  for (const part of parts) {
    if (part === kept) continue;
    for (const key in part) {
      if (key in whole || key.startsWith('@') || key === 'id' || key === 'type') continue;
      if (whole === kept) whole = { ...kept };
      whole[key] = part[key];
    }
  }
  return whole;
}

/** A value as a message names it: its JSON, but a number too large for a double by what it is (JSON says null). */
function shown(value: unknown): string {
  return typeof value === 'number' && !Number.isFinite(value)
    ? `a number too large for JSON readers (they read ${value})`
    : JSON.stringify(value);
}
