// How `push` tells what it planned and did: one line per step (`+` create, `~` update with each change
// old -> new, `-` delete) and the counts. Pure: steps in, text out.

import { figure, plural } from '../plural.ts';
import type { SeedFileData as SchemaFile } from '../seed-file.ts';
import { changeLines } from './json-changes.ts';
import type { SchemaStep, TagStep } from './push-plan.ts';

/** One plan line, `+` create, `~` update, `-` delete, then each change old -> new on its own line. */
export function describe(step: SchemaStep | TagStep): string {
  if ('kind' in step) return `~ ${step.kind} ${step.url}${changeLines(step.changes)}`;
  if (step.action === 'delete') {
    const { id, url, schema_type, schema_name } = step.record;
    return `- #${id} ${url}  ${schema_type} "${schema_name}"`;
  }
  const { url, schema_type, schema_name } = step.entry;
  if (step.action === 'create') return `+ ${url}  ${schema_type} "${schema_name}"`;
  const details = step.action === 'update' ? changeLines(step.details) : '';
  return `${step.action === 'update' ? '~' : '='} #${step.id} ${url}  ${schema_type} "${schema_name}"${details}`;
}

export interface PushSummary {
  dry_run: boolean;
  schemas: { created: number; updated: number; unchanged: number; deleted: number };
  meta: { set: number; unchanged: number };
  social: { set: number; unchanged: number };
  failed: number;
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
export function summaryLine({ dry_run, schemas: s, meta: m, social: o, failed }: PushSummary): string {
  const verb = dry_run ? 'would be ' : '';
  return (
    `Schemas: ${figure(s.created)} ${verb}created, ${figure(s.updated)} ${verb}updated, ${figure(s.unchanged)} unchanged, ${figure(s.deleted)} ${verb}deleted. ` +
    `Meta: ${figure(m.set)} ${verb}set, ${figure(m.unchanged)} unchanged. Social: ${figure(o.set)} ${verb}set, ${figure(o.unchanged)} unchanged.` +
    (failed > 0 ? ` ${plural(failed, 'write')} failed.` : '')
  );
}
