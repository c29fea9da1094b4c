// How a rich result's absent fields are said: one finding per field, as the validator reports them (and as
// Google's Rich Results Test lists them), and one line per node, as the logs people read show them. A bare
// Product offered for sale lacks seven recommended fields, six of them on the Product and one on its Offer:
// seven lines on every view in `astro dev`, or two.
import { formatPath } from '../json-path.ts';
import type { MissingField, Severity } from '../types.ts';
import type { RichResultRule } from './rich-result-rule.ts';
import { RICH_RESULT_RULES } from './rich-result-rules.ts';

/** The findings of an absent field, and what each says of it. */
export const MISSING_VERBS = {
  'google-missing-required': 'requires',
  'google-missing-recommended': 'recommends',
} as const;

export type MissingCode = keyof typeof MISSING_VERBS;

/**
 * The `google:` rule of a finding: the rich result's name in lower case with dashes.
 * @example ruleId({ name: 'Product snippet' }) // 'google:product-snippet'
 */
export function ruleId(rule: Pick<RichResultRule, 'name'>): string {
  return `google:${rule.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
}

/** `Google's Merchant listing rich result` */
export const richResultName = (rule: Pick<RichResultRule, 'name'>): string =>
  `Google's ${rule.name} rich result`;

/** Rules by id: two rules of one rich result (a Product's and its Offer's) share the name and the page. */
let rulesById: Map<string, RichResultRule> | undefined;

const conjunction = new Intl.ListFormat('en', { type: 'conjunction' });

/** `"gtin" (or "gtin8", "mpn")`: the first name, the others as its alternatives. */
function fieldNamed(names: string[]): string {
  const [first, ...others] = names.map((name) => JSON.stringify(name));
  return others.length === 0 ? first! : `${first} (or ${others.join(', ')})`;
}

interface Foldable {
  severity: Severity;
  code: string;
  rule?: string;
  path: string;
  message: string;
  missingField?: MissingField;
}

/**
 * The findings with each node's absent fields of one rich result, required or recommended, said in one finding
 * at the node (`$`: `Google's Merchant listing rich result recommends "description", "sku", and "review".`).
 * A field said with more (given as text, given empty, absent below a node) stays its own finding, as does a
 * lone one. `placeOf` names what the paths are in (a page's schema), so that two documents never fold together.
 *
 * @example foldMissingFields(plan.findings, (finding) => `${finding.page} ${finding.schema}`)
 */
export function foldMissingFields<T extends Foldable>(items: T[], placeOf: (item: T) => string): T[] {
  const groups = new Map<string, T[]>();
  const keyOf = new Map<T, string>();
  for (const item of items) {
    const node = nodePath(item);
    if (node === undefined) continue;
    const key = [placeOf(item), item.severity, item.code, item.rule, node].join('\n');
    keyOf.set(item, key);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  const folded: T[] = [];
  for (const item of items) {
    const key = keyOf.get(item);
    const group = key === undefined ? undefined : groups.get(key)!;
    if (group === undefined || group.length === 1) folded.push(item);
    else if (group[0] === item) folded.push(foldGroup(group));
  }
  return folded;
}

/** The node an absent field is missing from, where the finding says no more than that it is absent. */
function nodePath(item: Foldable): string | undefined {
  rulesById ??= new Map(RICH_RESULT_RULES.map((rule) => [ruleId(rule), rule]));
  if (item.missingField === undefined || !(item.code in MISSING_VERBS) || !rulesById.has(item.rule ?? ''))
    return undefined;
  const step = formatPath([item.missingField.property]).slice(1);
  if (!item.path.endsWith(step)) return undefined;
  return item.path.slice(0, -step.length) || '$';
}

function foldGroup<T extends Foldable>(group: T[]): T {
  const first = group[0]!;
  const rule = rulesById!.get(first.rule!)!;
  const { missingField: _, ...rest } = first;
  const fields = conjunction.format(group.map((item) => fieldNamed(item.missingField!.names)));
  const verb = MISSING_VERBS[first.code as MissingCode];
  return {
    ...rest,
    path: nodePath(first)!,
    message: `${richResultName(rule)} ${verb} ${fields}. See ${rule.source}`,
  } as T;
}
