// Applies the rich-result table to the typed nodes the walk found: where a rule applies (its types, its place
// in the document, its conditions), which of its paths are missing, and which values break a stated format.
import type { IssueCode } from '../report.ts';
import type { TypedNode, Walk } from '../walk.ts';
import { type Found, findPath, type Segments } from './find-path.ts';
import { RICH_RESULT_RULES, type RichResultRule } from './rich-result-rules.ts';
import { formatProblem } from './value-formats.ts';

type JsonObject = Record<string, unknown>;

interface CompiledRule extends RichResultRule {
  typeIds: number[];
  excludeIds: number[];
  withinIds: Array<{ of: number[]; via: string }>;
}

let compiled: CompiledRule[] | null = null;

function compile(walk: Walk): CompiledRule[] {
  const ids = (names: readonly string[] | undefined) => (names ?? []).map((name) => walk.vocab.id(name));
  compiled ??= RICH_RESULT_RULES.map((rule) => ({
    ...rule,
    typeIds: ids(rule.types),
    excludeIds: ids(rule.exclude),
    withinIds: (rule.within ?? []).map(({ of, via }) => ({ of: ids(of), via })),
  }));
  return compiled;
}

/** Rules per node type, worked out once per type. */
const rulesByType = new Map<number, CompiledRule[]>();

function rulesFor(walk: Walk, type: number): CompiledRule[] {
  let rules = rulesByType.get(type);
  if (!rules) {
    const { vocab } = walk;
    const isAny = (ids: number[]) => ids.some((id) => vocab.isA(type, id));
    rules = compile(walk).filter((rule) => isAny(rule.typeIds) && !isAny(rule.excludeIds));
    rulesByType.set(type, rules);
  }
  return rules;
}

/** Checks every typed node against the rules that apply to its types and its place. */
export function checkRichResults(walk: Walk, nodes: TypedNode[]): void {
  for (const typed of nodes) {
    const { node, types } = typed;
    // Two rich results that need the same property (Product snippet and Merchant listing both need "name")
    // say so once.
    const said = new Set<string>();
    const rules =
      types.length === 1
        ? rulesFor(walk, types[0]!)
        : [...new Set(types.flatMap((type) => rulesFor(walk, type)))];
    for (const rule of rules) {
      if (!placed(walk, rule, typed)) continue;
      if (types.some((type) => rule.excludeIds.some((id) => walk.vocab.isA(type, id)))) continue;
      if (rule.when && !holds(walk, node, rule.when)) continue;
      if (rule.unless && holds(walk, node, rule.unless)) continue;
      checkRule(walk, rule, typed, said);
    }
  }
}

function placed(walk: Walk, rule: CompiledRule, { top, via, parentTypes }: TypedNode): boolean {
  if (rule.scope === 'any' || (rule.scope === 'top' && top)) return true;
  return rule.withinIds.some(
    (place) =>
      place.via === via && parentTypes.some((type) => place.of.some((of) => walk.vocab.isA(type, of))),
  );
}

/** `a|b`: one of them is present; `a=Value`: a is present with that value (`Value` or a Schema.org IRI). */
function holds(walk: Walk, node: JsonObject, condition: string): boolean {
  const [path, wanted] = condition.split('=') as [string, string | undefined];
  if (wanted === undefined) return missingEntry(walk, node, path, []).length === 0;
  const { values } = findPath(walk, node, path.split('.'), []);
  return values.some(({ value }) => {
    const text =
      typeof value === 'string' ? value.replace(/^(https?:\/\/schema\.org\/|schema:)/, '') : String(value);
    return text === wanted;
  });
}

function checkRule(walk: Walk, rule: RichResultRule, { node, path }: TypedNode, said: Set<string>): void {
  const report = (code: IssueCode, message: string, at: Segments) => {
    const key = `${code} ${at.join('\u0000')}`;
    if (said.has(key)) return;
    said.add(key);
    walk.report.add(code, `${message} See ${rule.source}`, ruleId(rule), at);
  };
  const richResult = `Google's ${rule.name} rich result`;
  if (rule.deprecated) report('google-deprecated-rich-result', `${richResult}: ${rule.deprecated}`, path);
  for (const [entries, code, verb] of [
    [rule.required ?? [], 'google-missing-required', 'requires'],
    [rule.recommended ?? [], 'google-missing-recommended', 'recommends'],
  ] as const) {
    // Where "author" is missing, "author.name" is missing too: one finding per place is enough.
    const missedHere = new Set<string>();
    for (const entry of entries) {
      const what = entry
        .split('|')
        .map((alternative) => `"${alternative}"`)
        .join(' or ');
      for (const miss of missingEntry(walk, node, entry, path)) {
        const parent = miss.slice(0, -1).join('\u0000');
        if ([...missedHere].some((at) => parent === at || parent.startsWith(`${at}\u0000`))) continue;
        missedHere.add(miss.join('\u0000'));
        report(code, `${richResult} ${verb} ${what}.`, miss);
      }
    }
  }
  for (const group of rule.oneOf ?? []) {
    if (group.some((entry) => missingEntry(walk, node, entry, path).length === 0)) continue;
    const what = group.map((entry) => `"${entry}"`).join(', ');
    report('google-missing-one-of', `${richResult} requires one of ${what}.`, path);
  }
  for (const [property, format] of Object.entries(rule.formats ?? {})) {
    for (const found of findPath(walk, node, property.split('.'), path).values) {
      if (typeof found.value === 'object' && found.value !== null) continue; // a node: its own rules judge it
      const problem = formatProblem(format, found.value, found.holder);
      if (problem) {
        report(
          'google-invalid-value',
          `${richResult} needs "${property}" as ${problem}; found ${JSON.stringify(found.value)}.`,
          found.path,
        );
      }
    }
  }
}

/**
 * The `rule` of a finding: `google:` and the rich result's name in lower case with dashes.
 * @example ruleId({ name: 'Product snippet' }) // 'google:product-snippet'
 */
export function ruleId(rule: Pick<RichResultRule, 'name'>): string {
  return `google:${rule.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
}

/**
 * Where an entry is missing. Alternatives that share a prefix are judged per item of that prefix, so
 * `location.address|location.url` holds when every location has one of the two.
 */
function missingEntry(walk: Walk, node: JsonObject, entry: string, path: Segments): Segments[] {
  const alternatives = entry.split('|').map((alternative) => alternative.split('.'));
  let shared = 0;
  const shortest = Math.min(...alternatives.map((segments) => segments.length));
  while (
    shared < shortest - 1 &&
    alternatives.every((segments) => segments[shared] === alternatives[0]![shared])
  )
    shared++;
  const items: Found[] =
    shared === 0
      ? [{ value: node, path, holder: node }]
      : findPath(walk, node, alternatives[0]!.slice(0, shared), path).values;
  const misses: Segments[] =
    shared === 0 ? [] : findPath(walk, node, alternatives[0]!.slice(0, shared), path).misses;
  for (const item of items) {
    if (typeof item.value !== 'object' || item.value === null) {
      misses.push([...item.path, alternatives[0]![shared]!]);
      continue;
    }
    let first: Segments[] | null = null;
    for (const segments of alternatives) {
      const { misses: here } = findPath(walk, item.value as JsonObject, segments.slice(shared), item.path);
      if (here.length === 0) {
        first = null;
        break;
      }
      first ??= here;
    }
    if (first) misses.push(...first);
  }
  return misses;
}
