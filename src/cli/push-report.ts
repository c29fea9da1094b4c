// How `push` tells what it planned and did: one line per step (`+` create, `~` update with each change
// old -> new, `-` delete) and the counts. Pure: steps in, text out.

import { whereOf } from '../client/errors.ts';
import { ApiError } from '../client/index.ts';
import { figure, plural } from '../plural.ts';
import { printable } from '../printable.ts';
import type { SeedFileData as SchemaFile } from '../seed-file.ts';
import { urlFragment } from '../url-forms.ts';
import { CHANGES_LISTED, changeLines } from './json-changes.ts';
import type { FragmentEntry, SchemaStep, TagStep } from './push-plan.ts';

/** One plan line, `+` create, `~` update, `-` delete, then each change old -> new on its own line. */
export function describe(step: SchemaStep | TagStep): string {
  if ('kind' in step)
    return `${step.isNew ? '+' : '~'} ${step.kind} ${printable(step.url)}${changeLines(step.changes)}`;
  if (step.action === 'delete') {
    const { id, url } = step.record;
    return `- #${id} ${printable(url)}  ${typeAndName(step.record)}`;
  }
  const { url } = step.entry;
  if (step.action === 'create') return `+ ${printable(url)}  ${typeAndName(step.entry)}`;
  const details = step.action === 'update' ? changeLines(step.details) : '';
  return `${step.action === 'update' ? '~' : '='} #${step.id} ${printable(url)}  ${typeAndName(step.entry)}${details}`;
}

/**
 * `Article "Hello"`, its control characters written out: a CMS's record name with a newline and `::error::`
 * would otherwise forge a line of the plan, or a workflow command in a CI log.
 */
function typeAndName(record: { schema_type: string; schema_name: string }): string {
  return `${printable(record.schema_type)} "${printable(record.schema_name)}"`;
}

/** How many updates must make the very same change before the plan prints it once for all of them. */
const SAME_CHANGE_FROM = 3;

/**
 * How many schemas of one type and name a plan creates (or deletes) one line each: more are one line naming
 * how many, as a first push of a whole site or a prune of a retired section makes thousands.
 */
const LISTED_EACH = 10;

/** How many of a group's steps the plan names before "and N more". */
const NAMED_STEPS = 3;

/**
 * The plan's lines: one per step, except updates that make the very same changes (a template edit on every
 * page, a publisher renamed), which are one entry at the first of them, naming how many and the first few,
 * and more than LISTED_EACH creates (or deletes) of one type and name, likewise: a one-field change on 10,000
 * pages reads in two lines, not 20,000, and a first push of 10,000 articles in one. `--json` lists every step.
 */
export function describePlan(steps: Array<SchemaStep | TagStep>): string[] {
  const keyOf = (step: SchemaStep | TagStep) => sameChangeKey(step) ?? sameRecordKey(step);
  const groups = Map.groupBy(
    steps.filter((step) => keyOf(step) !== null),
    (step) => keyOf(step)!,
  );
  const lines: string[] = [];
  for (const step of steps) {
    const key = keyOf(step);
    const group = key === null ? undefined : groups.get(key);
    const least = 'action' in step && step.action !== 'update' ? LISTED_EACH + 1 : SAME_CHANGE_FROM;
    if (group === undefined || group.length < least) lines.push(describe(step));
    else if (group[0] === step) lines.push(describeGroup(group));
  }
  return lines;
}

/** Creates (or deletes) of one type and name; null for any other step. */
function sameRecordKey(step: SchemaStep | TagStep): string | null {
  if ('kind' in step) return null;
  if (step.action === 'create')
    return JSON.stringify(['create', step.entry.schema_type, step.entry.schema_name]);
  if (step.action === 'delete')
    return JSON.stringify(['delete', step.record.schema_type, step.record.schema_name]);
  return null;
}

/** What makes updates "the same change": what they update and every change old -> new; null if not an update. */
function sameChangeKey(step: SchemaStep | TagStep): string | null {
  const changes = 'kind' in step ? step.changes : step.action === 'update' ? step.details : null;
  // A document with more changes than are listed may differ further on: shown on its own.
  if (changes === null || changes.length >= CHANGES_LISTED) return null;
  const said = changes.map(({ path, from, to }) => [
    path,
    from === undefined,
    from ?? null,
    to === undefined,
    to ?? null,
  ]);
  return `${'kind' in step ? `${step.kind}${step.isNew ? ' new' : ''}` : 'schema'}\n${JSON.stringify(said)}`;
}

/**
 * `~ 9,995 schemas, the same change on each (#2 https://x.dev/a/, … and 9,992 more)` and the changes;
 * `+ 10,000 schemas Article "Article" (https://x.dev/1/, … and 9,997 more)`; `- 12 schemas …` with their ids.
 */
function describeGroup(group: Array<SchemaStep | TagStep>): string {
  const first = group[0]!;
  const named = group.slice(0, NAMED_STEPS).map((step) => {
    if ('kind' in step) return printable(step.url);
    if (step.action === 'delete') return `#${step.record.id} ${printable(step.record.url)}`;
    return step.action === 'update' ? `#${step.id} ${printable(step.entry.url)}` : printable(step.entry.url);
  });
  const more = group.length - named.length;
  const which = `${named.join(', ')}${more > 0 ? ` and ${figure(more)} more` : ''}`;
  if (!('kind' in first) && (first.action === 'create' || first.action === 'delete')) {
    const sign = first.action === 'create' ? '+' : '-';
    return `${sign} ${figure(group.length)} schemas ${typeAndName(first.action === 'create' ? first.entry : first.record)} (${which})`;
  }
  const what =
    'kind' in first ? `${first.kind} of ${figure(group.length)} pages` : `${figure(group.length)} schemas`;
  const changes = 'kind' in first ? first.changes : first.action === 'update' ? first.details : [];
  const sign = 'kind' in first && first.isNew ? '+' : '~';
  return `${sign} ${what}, the same change on each (${which})${changeLines(changes)}`;
}

export interface PushSummary {
  dry_run: boolean;
  schemas: { created: number; updated: number; unchanged: number; deleted: number };
  meta: { set: number; unchanged: number };
  social: { set: number; unchanged: number };
  failed: number;
  /** Entries of the files not sent at all (a url with a `#fragment`). */
  not_sent?: number;
  /** Writes not sent because the push stopped (its credentials refused). */
  unsent?: number;
}

/** The counts of a push: steps done (or planned, on a dry run), those in `failed` left out. */
export function summarise(
  file: SchemaFile,
  schemaSteps: SchemaStep[],
  tagSteps: TagStep[],
  failed: ReadonlySet<SchemaStep | TagStep>,
  dryRun: boolean,
): PushSummary {
  const count = (action: SchemaStep['action']) =>
    schemaSteps.filter((step) => step.action === action && !failed.has(step)).length;
  const tagCount = (kind: TagStep['kind']) =>
    tagSteps.filter((step) => step.kind === kind && !failed.has(step)).length;
  const planned = (kind: TagStep['kind']) => tagSteps.filter((step) => step.kind === kind).length;
  return {
    dry_run: dryRun,
    schemas: {
      created: count('create'),
      updated: count('update'),
      unchanged: count('unchanged'),
      deleted: count('delete'),
    },
    meta: { set: tagCount('meta'), unchanged: file.meta.length - planned('meta') },
    social: { set: tagCount('social'), unchanged: file.social.length - planned('social') },
    failed: failed.size,
  };
}

/**
 * The closing line: `Schemas: 1 created, 0 updated, 3 unchanged, 0 deleted. Meta: … Social: …`.
 *
 * @example summaryLine(summary) // 'Schemas: 1 would be created, …' on a dry run
 */
export function summaryLine({
  dry_run,
  schemas: s,
  meta: m,
  social: o,
  failed,
  not_sent: notSent = 0,
  unsent = 0,
}: PushSummary): string {
  const verb = dry_run ? 'would be ' : '';
  return (
    `Schemas: ${figure(s.created)} ${verb}created, ${figure(s.updated)} ${verb}updated, ${figure(s.unchanged)} unchanged, ${figure(s.deleted)} ${verb}deleted. ` +
    `Meta: ${figure(m.set)} ${verb}set, ${figure(m.unchanged)} unchanged. Social: ${figure(o.set)} ${verb}set, ${figure(o.unchanged)} unchanged.` +
    (failed > 0 ? ` ${plural(failed, 'write')} failed.` : '') +
    (unsent > 0 ? ` ${plural(unsent, 'write')} not sent (the push stopped).` : '') +
    (notSent > 0
      ? ` ${plural(notSent, 'entry', 'entries')} ${dry_run ? 'would not be' : 'not'} sent (a url with a #fragment, above).`
      : '')
  );
}

/** How many writes done before a stop are named one by one; `--json` names each. */
const WRITTEN_LISTED = 10;

/** Writes stopped by a refusal of the credentials: the refusal, the writes done before it, those not sent. */
export interface StoppedWrites {
  error: Error;
  written: Array<SchemaStep | TagStep>;
  unsent: Array<SchemaStep | TagStep>;
}

/** Why the writes stopped, in a line: authentication failed (401) or the user may no longer write (403). */
export function stoppedLine({ error, written, unsent }: StoppedWrites, total: number): string {
  const forbidden = error instanceof ApiError && error.status === 403;
  const where = error instanceof ApiError ? ` (${printable(whereOf(error))})` : '';
  const cause = forbidden
    ? `the API refused a write for this user's rights${where}: it may no longer write what it could when the push began`
    : `authentication failed: the API no longer accepts the credentials${where}; the application password was revoked or changed while the push ran, or the user removed`;
  return `Stopped: ${cause}. ${plural(written.length, 'write')} of ${figure(total)} ${written.length === 1 ? 'was' : 'were'} done before it stopped${written.length > 0 ? ' (below)' : ''}; ${plural(unsent.length, 'write')} not sent. ${forbidden ? 'Push again with a user that has manage_options' : 'Give valid credentials (a new application password) and push again'}: it sends only what is still missing.`;
}

/** The stop's line, then the writes done before it, as the plan words them. */
export function stoppedLines(stopped: StoppedWrites, total: number): string[] {
  const done = stopped.written.map((step) => `  done ${describe(step).split('\n')[0]}`);
  const more = done.length - WRITTEN_LISTED;
  return [
    stoppedLine(stopped, total),
    ...done.slice(0, WRITTEN_LISTED),
    ...(more > 0 ? [`  … and ${figure(more)} more (--json lists each)`] : []),
  ];
}

/**
 * One line per url with a `#fragment`, naming every entry of the files that has it and the url to write instead.
 *
 * @example fragmentLines([{ kind: 'schemas', index: 0, url: 'https://x.dev/a#top' }], (_, i) => `schemas[${i}]`)
 */
export function fragmentLines(
  fragments: FragmentEntry[],
  placeOf: (kind: FragmentEntry['kind'], index: number) => string,
): string[] {
  return [...Map.groupBy(fragments, ({ url }) => url)].map(([url, entries]) => {
    const fragment = urlFragment(url)!;
    const places = entries.map(({ kind, index }) => printable(placeOf(kind, index)));
    return `  ${places.join(', ')}: ${printable(url)} ends in a fragment (${printable(fragment)}), which names no page: a browser never sends it, so no page is looked up by this url and nothing stored under it would be shown. Not sent; drop the fragment: ${printable(url.slice(0, url.length - fragment.length))}`;
  });
}
