// Applies the rich-result table to the typed nodes the walk found: a path entry is present when every value
// along it has the next property, following `@id` references within the document.
import { resolveId } from '../check-value.ts';
import { formatPath } from '../json-path.ts';
import type { TypedNode, Walk } from '../walk.ts';
import { RICH_RESULT_RULES, type RichResultRule } from './rich-result-rules.ts';

type JsonObject = Record<string, unknown>;
type Segments = Array<string | number>;

interface CompiledRule extends RichResultRule {
  typeIds: number[];
  excludeIds: number[];
}

let compiled: CompiledRule[] | null = null;

function compile(walk: Walk): CompiledRule[] {
  compiled ??= RICH_RESULT_RULES.map((rule) => ({
    ...rule,
    typeIds: rule.types.map((name) => walk.vocab.id(name)),
    excludeIds: (rule.exclude ?? []).map((name) => walk.vocab.id(name)),
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

/** Checks every typed node against the rules that apply to its types. */
export function checkRichResults(walk: Walk, nodes: TypedNode[]): void {
  for (const { node, types, path, top } of nodes) {
    // Two rich results that need the same property (Product and MerchantListing both need "name") say so once.
    const said = new Set<string>();
    const rules =
      types.length === 1
        ? rulesFor(walk, types[0]!)
        : [...new Set(types.flatMap((type) => rulesFor(walk, type)))];
    for (const rule of rules) {
      if (rule.scope === 'top' && !top) continue;
      if (
        rule.excludeIds.length > 0 &&
        types.some((type) => rule.excludeIds.some((id) => walk.vocab.isA(type, id)))
      ) {
        continue;
      }
      if (rule.when && !present(walk, node, rule.when)) continue;
      checkRule(walk, rule, node, path, said);
    }
  }
}

function checkRule(
  walk: Walk,
  rule: RichResultRule,
  node: JsonObject,
  path: Segments,
  said: Set<string>,
): void {
  const name = `google:${rule.name}`;
  // Where "author" is missing, "author.name" is missing too: one finding per place is enough.
  const missedPaths = new Set<string>();
  const report = (code: Parameters<Walk['report']['add']>[0], message: string, at: string) =>
    walk.report.add(code, `${message} See ${rule.source}`, name, at);
  if (rule.deprecated) report('google-deprecated-rich-result', rule.deprecated, formatPath(path));
  for (const [entries, code, verb] of [
    [rule.required ?? [], 'google-missing-required', 'requires'],
    [rule.recommended ?? [], 'google-missing-recommended', 'recommends'],
  ] as const) {
    for (const entry of entries) {
      const alternatives = entry.split('|');
      let firstMisses: Segments[] | null = null;
      for (const alternative of alternatives) {
        const misses = missing(walk, node, alternative.split('.'), 0, path);
        if (misses.length === 0) {
          firstMisses = null;
          break;
        }
        firstMisses ??= misses;
      }
      for (const miss of firstMisses ?? []) {
        const at = formatPath(miss);
        const key = `${code} ${at}`;
        if (missedPaths.has(at) || said.has(key)) continue;
        missedPaths.add(at);
        said.add(key);
        const what = alternatives.map((alternative) => `"${alternative}"`).join(' or ');
        report(code, `Google's ${rule.name} rich result ${verb} ${what}.`, at);
      }
    }
  }
  for (const group of rule.oneOf ?? []) {
    if (group.some((entry) => present(walk, node, entry))) continue;
    const what = group.map((entry) => `"${entry}"`).join(', ');
    report(
      'google-missing-one-of',
      `Google's ${rule.name} rich result requires one of ${what}.`,
      formatPath(path),
    );
  }
}

function present(walk: Walk, node: JsonObject, entry: string): boolean {
  return missing(walk, node, entry.split('.'), 0, []).length === 0;
}

/** The paths where `segments[at]` is missing under `node`, following arrays, `@list` and `@id` references. */
function missing(walk: Walk, node: JsonObject, segments: string[], at: number, path: Segments): Segments[] {
  const key = segments[at]!;
  const found = lookup(node, key);
  const here = [...path, found?.key ?? key];
  if (found === undefined || isEmpty(found.value)) return [here];
  if (at + 1 === segments.length) return [];
  const misses: Segments[] = [];
  const visit = (value: unknown, where: Segments): void => {
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) visit(value[index], [...where, index]);
      return;
    }
    if (typeof value !== 'object' || value === null) {
      misses.push([...where, segments[at + 1]!]);
      return;
    }
    let object = value as JsonObject;
    if ('@list' in object) {
      visit(object['@list'], [...where, '@list']);
      return;
    }
    if (typeof object['@id'] === 'string' && Object.keys(object).length === 1) {
      object = resolveId(walk, object['@id']) ?? object;
    }
    misses.push(...missing(walk, object, segments, at + 1, where));
  };
  visit(found.value, here);
  return misses;
}

function lookup(node: JsonObject, key: string): { key: string; value: unknown } | undefined {
  for (const written of [key, `schema:${key}`, `https://schema.org/${key}`, `http://schema.org/${key}`]) {
    if (written in node) return { key: written, value: node[written] };
  }
  return undefined;
}

function isEmpty(value: unknown): boolean {
  return value === null || value === '' || (Array.isArray(value) && value.length === 0);
}
