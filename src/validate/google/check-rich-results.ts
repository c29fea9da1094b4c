// Applies the rich-result table to the typed nodes the walk found: where a rule applies (its types, its place
// in the document, its conditions), which of its paths are missing, and which values break a stated format.
import { article, names, partsOf, resolveId } from '../check-value.ts';
import { formatPath } from '../json-path.ts';
import { LINKS_NOT_PARTS } from '../links.ts';
import type { IssueCode } from '../report.ts';
import type { ValidationIssue } from '../types.ts';
import { loadVocabulary, type Vocabulary } from '../vocabulary/vocabulary.ts';
import type { TypedNode, Walk } from '../walk.ts';
import {
  type Found,
  findPath,
  firstStep,
  lookup,
  missBelowLiteral,
  type Place,
  type Segments,
  segmentsOf,
} from './find-path.ts';
import { MISSING_VERBS, type MissingCode, richResultName, ruleId } from './missing-fields.ts';
import { RICH_RESULT_RULES, type RichResultRule } from './rich-result-rules.ts';
import { asNumber, formatProblem, SCHEMA_ORG_PREFIX, type ValueFormat } from './value-formats.ts';

type JsonObject = Record<string, unknown>;

/** `a.b|a.c` read once: the alternatives as segments, how many leading segments they share, and its wording. */
interface Entry {
  alternatives: string[][];
  shared: number;
  what: string;
}

/** The index of a list's last item: the one of the highest `position` where every item has one, else the last. */
function lastItem(value: unknown): number {
  if (!Array.isArray(value)) return 0;
  const positions = value.map((item) =>
    item !== null && typeof item === 'object' ? Number((item as JsonObject).position) : Number.NaN,
  );
  if (!positions.every(Number.isFinite)) return value.length - 1;
  // A loop, not Math.max(...): a list of 300,000 items is more arguments than a call takes.
  let last = 0;
  for (let index = 1; index < positions.length; index++)
    if (positions[index]! > positions[last]!) last = index;
  return last;
}

/** Which item of `list` (a property of the node) a missing step is below: -1 where `list` itself is missing. */
function itemOf(miss: Place, list: string): number {
  let child: Place | null = null;
  for (let at: Place | null = miss; at; child = at, at = at.from)
    if (at.from === null)
      return at.step !== list || child === null ? -1 : typeof child.step === 'number' ? child.step : 0;
  return -1;
}

/**
 * A rule's `when` or `unless`: a property present, present with one of some values, or present as a number above
 * one.
 */
interface Condition {
  entry: Entry;
  values?: string[];
  above?: number;
}

/** `prop`, `prop=Value`, `prop=One|Other` or `prop>number` (a price above 0). */
function readCondition(text: string): Condition {
  const [, path = '', operator, operand = ''] = /^([^=>]*)(?:([=>])(.*))?$/.exec(text) ?? [];
  return {
    entry: readEntry(path),
    ...(operator === '=' ? { values: operand.split('|') } : {}),
    ...(operator === '>' ? { above: Number(operand) } : {}),
  };
}

interface CompiledRule {
  rule: RichResultRule;
  id: string;
  typeIds: number[];
  excludeIds: number[];
  withinIds: Array<{ of: number[]; via: string; under: number[]; notUnder: number[]; atTop: boolean }>;
  when: Condition | null;
  unless: Condition | null;
  required: Entry[];
  requiredInOne: Entry[];
  requiredExceptLast: Entry[];
  recommended: Entry[];
  oneOf: Array<{ entries: Entry[]; what: string }>;
  formats: Array<{ property: string; segments: string[]; format: ValueFormat; recommended: boolean }>;
  atLeast: Array<{ property: string; segments: string[]; count: number }>;
  recommendedAtMost: Array<{ property: string; segments: string[]; value?: string; count: number }>;
  equals: Array<{ property: string; segments: string[]; other: Entry }>;
  notAbove: Array<{ property: string; segments: string[]; other: string[] }>;
  distinct: Array<{ property: string; segments: string[] }>;
  sameSite: Array<{ property: string; segments: string[] }>;
  alike: Array<{ property: string; segments: string[] }>;
  forbidden: Entry[];
}

const pathOf = (property: string) => ({ property, segments: property.split('.') });

const readEntry = (text: string): Entry => {
  const alternatives = text.split('|').map((alternative) => alternative.split('.'));
  const shortest = Math.min(...alternatives.map((segments) => segments.length));
  let shared = 0;
  while (
    shared < shortest - 1 &&
    alternatives.every((segments) => segments[shared] === alternatives[0]![shared])
  )
    shared++;
  // `^isVariantOf`: named by another node through that property (a variant naming its group) counts too.
  const quoted = (segments: string[]) => `"${segments.join('.').replace(/^\^/, '')}"`;
  const reverse = alternatives.filter(isReverse);
  const what =
    alternatives
      .filter((segments) => !isReverse(segments))
      .map(quoted)
      .join(' or ') + (reverse.length > 0 ? ` (or ${reverse.map(quoted).join(' or ')} naming it)` : '');
  return { alternatives, shared, what };
};

const isReverse = (segments: string[]) => segments[0]!.startsWith('^');

/** Whether a node of the page names `node` through `property` (`{"isVariantOf": {"@id": "#group"}}`). */
function namedThrough(walk: Walk, node: JsonObject, property: string): boolean {
  const id = node['@id'];
  if (typeof id !== 'string' || !walk.references) return false;
  return walk.references.get(id)?.some((reference) => reference.via === property) ?? false;
}

let compiled: CompiledRule[] | null = null;

function compile(vocab: Vocabulary): CompiledRule[] {
  const ids = (names: readonly string[] | undefined) => (names ?? []).map((name) => vocab.id(name));
  compiled ??= RICH_RESULT_RULES.map((rule) => {
    return {
      rule,
      id: ruleId(rule),
      typeIds: ids(rule.types),
      excludeIds: ids(rule.exclude),
      withinIds: (rule.within ?? []).map(({ of, via, under, notUnder, atTop }) => ({
        of: ids(of),
        via,
        under: ids(under),
        notUnder: ids(notUnder),
        atTop: atTop === true,
      })),
      when: rule.when ? readCondition(rule.when) : null,
      unless: rule.unless ? readCondition(rule.unless) : null,
      required: (rule.required ?? []).map(readEntry),
      requiredInOne: (rule.requiredInOne ?? []).map(readEntry),
      requiredExceptLast: (rule.requiredExceptLast ?? []).map(readEntry),
      recommended: (rule.recommended ?? []).map(readEntry),
      oneOf: (rule.oneOf ?? []).map((group) => ({
        entries: group.map(readEntry),
        what: group.map((entry) => `"${entry}"`).join(', '),
      })),
      formats: [
        ...Object.entries(rule.formats ?? {}).map(([property, format]) => ({
          property,
          format,
          recommended: false,
        })),
        ...Object.entries(rule.recommendedFormats ?? {}).map(([property, format]) => ({
          property,
          format,
          recommended: true,
        })),
      ].map((entry) => ({ ...entry, segments: entry.property.split('.') })),
      atLeast: Object.entries(rule.atLeast ?? {}).map(([property, count]) => ({
        ...pathOf(property),
        count,
      })),
      // `subjectOf.@type=3DModel`: the values of the path that are this one.
      recommendedAtMost: Object.entries(rule.recommendedAtMost ?? {}).map(([key, count]) => {
        const [property = '', value] = key.split('=');
        return { ...pathOf(property), ...(value === undefined ? {} : { value }), count };
      }),
      equals: Object.entries(rule.equals ?? {}).map(([property, other]) => ({
        ...pathOf(property),
        other: readEntry(other),
      })),
      notAbove: Object.entries(rule.recommendedNotAbove ?? {}).map(([property, other]) => ({
        ...pathOf(property),
        other: other.split('.'),
      })),
      distinct: (rule.distinct ?? []).map(pathOf),
      sameSite: (rule.sameSite ?? []).map(pathOf),
      alike: (rule.alike ?? []).map(pathOf),
      forbidden: (rule.forbidden ?? []).map(readEntry),
    };
  });
  return compiled;
}

/** Rules per node type, worked out once per type. */
const rulesByType = new Map<number, CompiledRule[]>();

function rulesFor(vocab: Vocabulary, type: number): CompiledRule[] {
  let rules = rulesByType.get(type);
  if (!rules) {
    const isAny = (ids: number[]) => ids.some((id) => vocab.isA(type, id));
    rules = compile(vocab).filter((rule) => isAny(rule.typeIds) && !isAny(rule.excludeIds));
    rulesByType.set(type, rules);
  }
  return rules;
}

/** Whether any rule names one of these types: the walk keeps only such nodes for the table. */
export function hasRichResultRules(types: number[]): boolean {
  for (const type of types) {
    const rules = rulesByType.get(type) ?? rulesFor(loadVocabulary(), type);
    if (rules.length > 0) return true;
  }
  return false;
}

/** Checks every typed node against the rules that apply to its types and its place. */
export function checkRichResults(walk: Walk, nodes: TypedNode[]): void {
  for (const part of nodes) {
    const typed = wholeOf(walk, part, nodes);
    if (!typed) continue;
    const { node, types } = typed;
    // Two rich results that need the same property (Product snippet and Merchant listing both need "name")
    // say so once.
    let said: Set<string> | null = null;
    const rules =
      types.length === 1
        ? rulesFor(walk.vocab, types[0]!)
        : [...new Set(types.flatMap((type) => rulesFor(walk.vocab, type)))];
    const positions = positionsOf(walk, typed);
    for (const rule of rules) {
      if (!positions.some((position) => placed(walk, rule, position))) continue;
      if (types.length > 1 && types.some((type) => rule.excludeIds.some((id) => walk.vocab.isA(type, id))))
        continue;
      if (rule.rule.alone && types.length > 1) continue;
      if (rule.when && !holds(walk, node, rule.when)) continue;
      if (rule.unless && holds(walk, node, rule.unless)) continue;
      said = checkRule(walk, rule, typed, said);
    }
  }
}

/**
 * A node written in parts that share its `@id` (one script's Article, another's `{"@id", "image"}`), as Google
 * reads it: whole, checked once on the part it builds on, with where each other part's properties stand. Null
 * for the other parts where that one is checked.
 */
function wholeOf(walk: Walk, typed: TypedNode, nodes: TypedNode[]): TypedNode | null {
  const parts = typed.id === null ? undefined : partsOf(walk, typed.id);
  if (!parts) return typed;
  const [kept] = parts;
  if (kept !== typed.node) return nodes.some((other) => other.node === kept) ? null : typed;
  const partPaths = new Map<string, Segments>();
  for (const part of parts.slice(1)) {
    const at = walk.partPaths?.get(part);
    if (at) for (const key in part) if (!(key in typed.node) && !partPaths.has(key)) partPaths.set(key, at);
  }
  return { ...typed, node: resolveId(walk, typed.id!)!, partPaths };
}

/** Where a node stands for the table: at the top, or as the value of `via` on a node of `parentTypes`. */
type Position = Pick<TypedNode, 'top' | 'via' | 'parentTypes' | 'above'>;

/**
 * Where a node counts. A `@graph` node another node references (`"primaryImageOfPage": {"@id": "#image"}`)
 * stands where the reference is, as the same node written inline there would: JSON-LD makes no difference
 * between the two. Links (LINKS_NOT_PARTS) and references between two nodes that reference each other are left out,
 * so that a page keeps its top.
 */
function positionsOf(walk: Walk, typed: TypedNode): Position[] {
  if (!typed.top || typed.id === null || !walk.references) return [typed];
  const usedAt = (walk.references.get(typed.id) ?? []).filter(
    (reference) =>
      !LINKS_NOT_PARTS.has(reference.via) &&
      reference.fromId !== typed.id &&
      !(
        reference.fromId !== null &&
        walk.references!.get(reference.fromId)?.some((back) => back.fromId === typed.id)
      ),
  );
  if (usedAt.length === 0) return [typed];
  // The node stands where the reference is, inside the referring node and what holds that.
  return usedAt.map(({ via, parentTypes, above }) => ({ top: false, via, parentTypes, above }));
}

/** A page's main entity and its breadcrumb are items of their own, as at the top. */
function carried(walk: Walk, { via, parentTypes }: Pick<Position, 'via' | 'parentTypes'>): boolean {
  if (via !== 'mainEntity' && via !== 'breadcrumb') return false;
  const webPage = walk.vocab.id('WebPage');
  return parentTypes.some((type) => walk.vocab.isA(type, webPage));
}

function placed(walk: Walk, rule: CompiledRule, position: Position): boolean {
  const { via, parentTypes } = position;
  const scope = rule.rule.scope;
  if (scope === 'any' || (scope === 'top' && (position.top || carried(walk, position)))) return true;
  const isAny = (types: number[], of: number[]) =>
    types.some((type) => of.some((one) => walk.vocab.isA(type, one)));
  const inside = (of: number[]) => {
    for (let at = position.above; at; at = at.up) if (isAny(at.types, of)) return true;
    return false;
  };
  const holder = position.above;
  const holderAtTop =
    holder !== null &&
    (holder.top || carried(walk, { via: holder.via, parentTypes: holder.up?.types ?? [] }));
  return rule.withinIds.some(
    (place) =>
      place.via === via &&
      isAny(parentTypes, place.of) &&
      (!place.atTop || holderAtTop) &&
      (place.under.length === 0 || inside(place.under)) &&
      (place.notUnder.length === 0 || !inside(place.notUnder)),
  );
}

/** An entry is present; with `value`, present with that value (as written, or as a Schema.org IRI). */
function holds(walk: Walk, node: JsonObject, condition: Condition): boolean {
  const { entry, values, above } = condition;
  if (values === undefined && above === undefined) return missing(walk, node, entry).length === 0;
  return matchedValue(walk, node, condition) !== undefined;
}

/** The node's value that meets a condition on a value (`prop=Value`, `prop>0`), as text; undefined for none. */
function matchedValue(walk: Walk, node: JsonObject, { entry, values, above }: Condition): string | undefined {
  for (const { value: found } of findPath(walk, node, entry.alternatives[0]!, null).values) {
    const text = typeof found === 'string' ? found.replace(SCHEMA_ORG_PREFIX, '') : String(found);
    // A price written as text ("1.00") is a number too; one that is no number is the format check's to name.
    const meets =
      above === undefined
        ? values!.some((value) => sameValue(text, value))
        : text.trim() !== '' && Number(text) > above;
    if (meets) return text;
  }
  return undefined;
}

/**
 * A value as a condition names it. A boolean may be written as text, and Schema.org's members are `True` and
 * `False` (Google's paywalled-content page: "Set the isAccessibleForFree property to False").
 */
function sameValue(text: string, value: string): boolean {
  if (text === value) return true;
  return (value === 'true' || value === 'false') && text.trim().toLowerCase() === value;
}

function checkRule(walk: Walk, compiledRule: CompiledRule, typed: TypedNode, said: Set<string> | null) {
  const { rule } = compiledRule;
  const { node, path } = typed;
  // A property another part of the node gives is reported where that part stands.
  const baseOf = (key: string | number | undefined) =>
    (key === undefined ? undefined : typed.partPaths?.get(String(key))) ?? path;
  const placeAt = (place: Place | null) => segmentsOf(place, baseOf(firstStep(place)));
  const atKey = (key: string) => [...baseOf(key), key];
  let seen = said;
  const report = (
    code: IssueCode,
    message: string,
    at: Segments,
    extra?: Pick<ValidationIssue, 'missingField'>,
  ) => {
    const key = `${code} ${formatPath(at)}`;
    seen ??= new Set();
    if (seen.has(key)) return;
    // Required by one rule (a recipe's yield beside its nutrition), it is not also recommended by another.
    if (code === 'google-missing-recommended' && seen.has(`google-missing-required ${formatPath(at)}`))
      return;
    seen.add(key);
    walk.report.add(code, `${message} See ${rule.source}`, compiledRule.id, at, extra);
  };
  const richResult = richResultName(rule);
  if (rule.deprecated) report('google-deprecated-rich-result', `${richResult}: ${rule.deprecated}`, path);
  // Where a required "hiringOrganization" is missing, its recommended "name" is not said again.
  const requiredMisses: Place[] = [];
  // Where none of a one-of group is given, its members are not recommended one by one as well.
  const oneOfMissing = compiledRule.oneOf.filter(
    (group) =>
      !group.entries.some((entry) => present(node, entry) || missing(walk, node, entry).length === 0),
  );
  const inMissingGroup = new Set(
    oneOfMissing.flatMap((group) => group.entries.flatMap((entry) => entry.alternatives.map((a) => a[0]!))),
  );
  const missingAll = (entries: Entry[], code: MissingCode) => {
    // Where "author" is missing, "author.name" is missing too: one finding per place is enough.
    const missedHere: Place[] = [];
    for (const entry of entries) {
      if (present(node, entry)) continue;
      if (
        code === 'google-missing-recommended' &&
        entry.alternatives.every((segments) => inMissingGroup.has(segments[0]!))
      )
        continue;
      // Written but empty (`"itemListElement": []`): say so, or the reader looks for a missing key.
      const step = entry.alternatives.length === 1 && entry.alternatives[0]!.length === 1;
      const value = step ? node[entry.alternatives[0]![0]!] : undefined;
      const empty = value === '' || (Array.isArray(value) && value.length === 0) ? ', given here empty' : '';
      for (const miss of missing(walk, node, entry)) {
        if (missedHere.some((at) => within(miss.from, at))) continue;
        if (code === 'google-missing-recommended' && requiredMisses.some((at) => within(miss, at))) continue;
        missedHere.push(miss);
        if (code === 'google-missing-required') requiredMisses.push(miss);
        const more = `${empty}${givenAsText(walk, miss)}${namedByUnresolvedId(miss)}`;
        // Absent right at the node and nothing more to say: a report may say it with the node's others.
        const plain = more === '' && miss.from === null && typeof miss.step === 'string';
        report(
          code,
          `${richResult} ${MISSING_VERBS[code]} ${entry.what}${more}.`,
          placeAt(miss),
          plain
            ? {
                missingField: {
                  property: miss.step as string,
                  names: entry.alternatives
                    .filter((segments) => !isReverse(segments))
                    .map((segments) => segments.join('.')),
                },
              }
            : undefined,
        );
      }
    }
  };
  missingAll(compiledRule.required, 'google-missing-required');
  for (const entry of compiledRule.requiredInOne) {
    const segments = entry.alternatives[0]!;
    const { values, misses } = findPath(walk, node, segments, null);
    if (values.length > 0 || misses.length === 0) continue;
    // Said of the property as a whole: which of its items should have it is the author's choice.
    report(
      'google-missing-required',
      `${richResult} requires ${entry.what} on one ${segments[0]} at least.`,
      atKey(segments[0]!),
    );
  }
  for (const entry of compiledRule.requiredExceptLast) {
    const list = entry.alternatives[0]![0]!;
    const last = lastItem(node[list]);
    for (const miss of missing(walk, node, entry)) {
      if (itemOf(miss, list) === last) continue;
      report(
        'google-missing-required',
        `${richResult} requires ${entry.what} on every ${list} but the last.`,
        placeAt(miss),
      );
    }
  }
  missingAll(compiledRule.recommended, 'google-missing-recommended');
  for (const group of oneOfMissing)
    report('google-missing-one-of', `${richResult} requires one of ${group.what}.`, path);
  for (const { property, segments, count } of compiledRule.atLeast) {
    // None at all is the required entry's to say.
    const { values } = findPath(walk, node, segments, null);
    if (values.length > 0 && values.length < count)
      report(
        'google-missing-required',
        `${richResult} requires at least ${count} "${property}" values; found ${values.length}.`,
        atKey(segments[0]!),
      );
  }
  for (const { property, segments, value, count } of compiledRule.recommendedAtMost) {
    if (lookup(node, segments[0]!) === undefined) continue;
    const { values } = findPath(walk, node, segments, null);
    const found =
      value === undefined
        ? values.length
        : values.filter(({ value: given }) => sameValue(String(given).replace(SCHEMA_ORG_PREFIX, ''), value))
            .length;
    // "subjectOf" of @type 3DModel: the node's property, and the one value counted.
    const what =
      value === undefined
        ? `"${property}" ${count === 1 ? 'value' : 'values'}`
        : `"${property.replace(/\.@type$/, '')}" of @type ${value}`;
    if (found > count)
      report(
        'google-missing-recommended',
        `${richResult} recommends at most ${count} ${what}; found ${found}.`,
        atKey(segments[0]!),
      );
  }
  for (const entry of compiledRule.forbidden) {
    if (!holds(walk, node, { entry })) continue;
    // `returnFees=FreeReturn`: not together with that value of it (the one the node has, of those named).
    const when = compiledRule.when;
    const withValue = when?.values ? matchedValue(walk, node, when) : undefined;
    const together = when
      ? ` together with ${when.entry.what}${withValue === undefined ? '' : ` ${withValue}`}`
      : '';
    report(
      'google-invalid-value',
      `${richResult} does not take ${entry.what}${together}.`,
      atKey(entry.alternatives[0]![0]!),
    );
  }
  for (const { property, segments, other } of compiledRule.equals) {
    if (lookup(node, segments[0]!) === undefined) continue;
    // What to match: the first alternative given (the offer's "priceCurrency", else its price
    // specification's). None, or two values, is for other checks to say.
    const [named, wanted] = firstGiven(walk, node, other);
    if (wanted === undefined) continue;
    for (const found of findPath(walk, node, segments, null).values) {
      if (typeof found.value !== 'string' || found.value.trim() === wanted) continue;
      report(
        'google-invalid-value',
        `${richResult} needs "${property}" to be the same as "${named}" (${JSON.stringify(wanted)}); found ${quoted(found.value)}.`,
        placeAt(found.place),
      );
    }
  }
  for (const { property, segments, other } of compiledRule.notAbove) {
    if (lookup(node, segments[0]!) === undefined) continue;
    // The lowest of the other's numbers (one, as a rule); one that is no number is the format check's to name.
    let high = Number.POSITIVE_INFINITY;
    for (const { value } of findPath(walk, node, other, null).values)
      high = Math.min(high, asNumber(value) ?? high);
    for (const found of findPath(walk, node, segments, null).values) {
      if ((asNumber(found.value) ?? high) <= high) continue;
      report(
        'google-missing-recommended',
        `${richResult} recommends "${property}" no greater than "${other.join('.')}" (${high}); found ${quoted(found.value)}.`,
        placeAt(found.place),
      );
    }
  }
  for (const { property, segments } of compiledRule.distinct) {
    if (lookup(node, segments[0]!) === undefined) continue;
    const first = new Map<string, Segments>();
    for (const found of findPath(walk, node, segments, null).values) {
      if (typeof found.value !== 'string') continue;
      const at = placeAt(found.place);
      const earlier = first.get(found.value.trim());
      if (earlier === undefined) first.set(found.value.trim(), at);
      else
        report(
          'google-invalid-value',
          `${richResult} needs each "${property}" to be unique; ${quoted(found.value)} is given at ${formatPath(earlier)} too.`,
          at,
        );
    }
  }
  for (const { property, segments } of compiledRule.sameSite) {
    if (lookup(node, segments[0]!) === undefined) continue;
    let site: { domain: string; value: unknown; at: Segments } | null = null;
    for (const found of findPath(walk, node, segments, null).values) {
      const domain = domainOf(found.value);
      if (domain === null) continue;
      const at = placeAt(found.place);
      if (site === null) site = { domain, value: found.value, at };
      else if (domain !== site.domain)
        report(
          'google-invalid-value',
          `${richResult} needs every "${property}" on one domain (or its sub and super domains); ${quoted(found.value)} is not on that of ${quoted(site.value)} (${formatPath(site.at)}).`,
          at,
        );
    }
  }
  for (const { property, segments } of compiledRule.alike) {
    if (lookup(node, segments[0]!) === undefined) continue;
    // Each node's types as one text ("NewsArticle, Recipe"), in the order of the nodes.
    const nodes = new Map<object, { types: string[]; place: Place | null }>();
    for (const found of findPath(walk, node, segments, null).values) {
      if (typeof found.value !== 'string') continue;
      const place = typeof found.place?.step === 'number' ? found.place.from : found.place;
      const entry = nodes.get(found.holder) ?? { types: [], place };
      entry.types.push(found.value.replace(SCHEMA_ORG_PREFIX, ''));
      nodes.set(found.holder, entry);
    }
    const holder = property.replace(/\.@type$/, '');
    let first: { types: string; at: Segments } | null = null;
    for (const { types, place } of nodes.values()) {
      const these = types.sort().join(', ');
      const at = placeAt(place);
      if (first === null) first = { types: these, at };
      else if (these !== first.types)
        report(
          'google-invalid-value',
          `${richResult} needs every "${holder}" of one type, as ${JSON.stringify(first.types)} at ${formatPath(first.at)}; found ${JSON.stringify(these)}: list things of one type.`,
          at,
        );
    }
  }
  for (const { property, segments, format, recommended } of compiledRule.formats) {
    if (lookup(node, segments[0]!) === undefined) continue; // the usual case: absent
    for (const found of findPath(walk, node, segments, null).values) {
      if (typeof found.value === 'object' && found.value !== null) continue; // a node: its own rules judge it
      const problem = formatProblem(format, found.value, found.holder);
      // Schema.org's own check may already have said the value is malformed (a date that is not ISO 8601).
      if (problem && !walk.report.has('invalid-value', placeAt(found.place))) {
        report(
          recommended ? 'google-missing-recommended' : 'google-invalid-value',
          `${richResult} ${recommended ? 'recommends' : 'needs'} "${property}" as ${problem}; found ${quoted(found.value)}.`,
          placeAt(found.place),
        );
      }
    }
  }
  return seen;
}

/** The one value of an entry's first alternative given, trimmed, with that alternative's path. */
function firstGiven(walk: Walk, node: JsonObject, entry: Entry): [string, string | undefined] {
  for (const segments of entry.alternatives) {
    const values = new Set(
      findPath(walk, node, segments, null).values.map(({ value }) =>
        typeof value === 'string' ? value.trim() : value,
      ),
    );
    if (values.size === 0) continue;
    const [value] = values;
    return [segments.join('.'), values.size === 1 && typeof value === 'string' ? value : undefined];
  }
  return ['', undefined];
}

/**
 * The domain of an absolute http(s) URL, as its host's last two labels (`shop.example.com`: `example.com`), so
 * that sub and super domains share one; an IP address is its own. Null for anything else (a relative URL,
 * whose domain is the page's, which the validator does not know).
 */
function domainOf(value: unknown): string | null {
  if (typeof value !== 'string' || !/^\s*https?:\/\//i.test(value)) return null;
  let host: string;
  try {
    host = new URL(value.trim()).hostname.replace(/\.$/, '');
  } catch {
    return null;
  }
  if (host.startsWith('[') || /^[\d.]+$/.test(host)) return host;
  return host.split('.').slice(-2).join('.');
}

/** A value as JSON, its middle left out when long (a description of 5,000 characters), never in a character. */
function quoted(value: unknown): string {
  const characters = [...JSON.stringify(value)];
  return characters.length <= 80
    ? characters.join('')
    : `${characters.slice(0, 60).join('')}…${characters.slice(-12).join('')}`;
}

/**
 * Why a step is missing when what holds it is text (`"author": "Chris"` has no `author.name`): the reader sees
 * a value and looks no further. Search Console says "Missing field author.name" there, and no more.
 */
function givenAsText(walk: Walk, miss: Place): string {
  const { literal } = miss;
  if (literal === undefined) return '';
  let property: string | undefined;
  for (let at = miss.from; at && property === undefined; at = at.from)
    if (typeof at.step === 'string') property = at.step;
  if (property === undefined) return '';
  const name = property.replace(SCHEMA_ORG_PREFIX, '');
  // Cut by characters before quoting, so that no escape or surrogate pair is cut in half.
  const characters = typeof literal === 'string' ? [...literal] : [];
  const shown = JSON.stringify(characters.length > 57 ? `${characters.slice(0, 56).join('')}…` : literal);
  const classes = walk.vocab.properties.get(name)?.classRanges ?? [];
  const given = `; "${name}" is given as ${typeof literal === 'string' ? `text (${shown})` : shown}`;
  if (classes.length === 0) return `${given}, not as a node`;
  const holding = miss.step === 'name' && typeof literal === 'string' ? `, with "name": ${shown}` : '';
  return `${given}: write it as ${nodeOf(walk.vocab, classes)}${holding}`;
}

/**
 * Why a step is missing when what holds it is a reference to no node of the page (`"author": {"@id": "#ann"}`
 * with no `#ann`): the field is there once the node is.
 */
function namedByUnresolvedId(miss: Place): string {
  if (miss.unresolved === undefined) return '';
  let property: string | undefined;
  for (let at = miss.from; at && property === undefined; at = at.from)
    if (typeof at.step === 'string') property = at.step;
  const holder = property === undefined ? 'it' : `"${property.replace(SCHEMA_ORG_PREFIX, '')}"`;
  return `; ${holder} names ${JSON.stringify(miss.unresolved)} by @id, and no node of this page has that @id: add the node, or write it here`;
}

/** `an Organization or Person node` */
function nodeOf(vocab: Vocabulary, classes: number[]): string {
  const types = names(vocab, classes);
  return `${article(types)} ${types} node`;
}

/** The cheap answer first: a one-step entry whose property holds a literal or a node is there. */
function present(node: JsonObject, entry: Entry): boolean {
  if (entry.alternatives.length !== 1 || entry.alternatives[0]!.length !== 1) return false;
  const value = node[entry.alternatives[0]![0]!];
  if (value === undefined || value === null || value === '') return false;
  return !Array.isArray(value) || value.length > 0;
}

/** `place` is `ancestor` or lies under it. */
function within(place: Place | null, ancestor: Place): boolean {
  for (let at = place; at; at = at.from) if (at === ancestor || sameSteps(at, ancestor)) return true;
  return false;
}

function sameSteps(a: Place | null, b: Place | null): boolean {
  for (; a && b; a = a.from, b = b.from) if (a.step !== b.step) return false;
  return a === b;
}

/**
 * Where an entry is missing. Alternatives that share a prefix are judged per item of that prefix, so
 * `location.address|location.url` holds when every location has one of the two.
 */
function missing(walk: Walk, node: JsonObject, entry: Entry): Place[] {
  const { alternatives, shared } = entry;
  if (alternatives.length === 1) return findPath(walk, node, alternatives[0]!, null).misses;
  let items: Found[] = [{ value: node, place: null, holder: node }];
  let misses: Place[] = [];
  if (shared > 0) ({ values: items, misses } = findPath(walk, node, alternatives[0]!.slice(0, shared), null));
  // One node named many times is one item (as findPath follows it once).
  const judged = new Set<object>();
  for (const item of items) {
    if (typeof item.value === 'object' && item.value !== null) {
      if (judged.has(item.value)) continue;
      judged.add(item.value);
    }
    if (typeof item.value !== 'object' || item.value === null) {
      misses.push(missBelowLiteral(item, alternatives[0]![shared]!));
      continue;
    }
    let first: Place[] | null = null;
    for (const segments of alternatives) {
      if (isReverse(segments)) {
        if (!namedThrough(walk, item.value as JsonObject, segments[0]!.slice(1))) continue;
        first = null;
        break;
      }
      const here = findPath(walk, item.value as JsonObject, segments.slice(shared), item.place).misses;
      if (here.length === 0) {
        first = null;
        break;
      }
      first ??= here;
    }
    if (first) for (const miss of first) misses.push(miss);
  }
  return misses;
}
