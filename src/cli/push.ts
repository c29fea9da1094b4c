// `astro-schema-manager push`: makes the server match a pull file. The plan is computed from the file and the
// server's state before anything is written, so a refusal (invalid schemas, missing rights) changes nothing.
import type { SchemaClient } from '../client/index.ts';
import { mapConcurrently } from '../map-concurrently.ts';
import { type ValidationIssue, validatePage } from '../validate/index.ts';
import { apiOptions, collect, printJson, withClient } from './api-connection.ts';
import { type Command, UsageError } from './command.ts';
import { type JsonChange, showValue } from './json-changes.ts';
import { readSchemaFile } from './pull.ts';
import {
  type DesiredSchema,
  desiredSchemas,
  planSchemas,
  planTags,
  type SchemaStep,
  type TagStep,
} from './push-plan.ts';

/** Runs `work` over `items`, `limit` at a time; failures are collected, not thrown. */
async function eachWithLimit<T>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<Array<{ item: T; error: Error }>> {
  const outcomes = await mapConcurrently(items, limit, (item) =>
    work(item).then(
      () => null,
      (error: unknown) => ({ item, error: error as Error }),
    ),
  );
  return outcomes.filter((outcome) => outcome !== null);
}

function applyStep(client: SchemaClient, step: SchemaStep | TagStep): Promise<unknown> {
  if ('kind' in step) {
    return step.kind === 'meta'
      ? client.meta.set(step.url, step.fields)
      : client.social.set(step.url, step.fields);
  }
  if (step.action === 'create') {
    const { index: _index, ...input } = step.entry;
    return client.schemas.create(input);
  }
  if (step.action === 'update') {
    const patch = Object.fromEntries(step.changes.map((field) => [field, step.entry[field]]));
    return client.schemas.update(step.id, patch);
  }
  if (step.action === 'delete') return client.schemas.delete(step.record.id);
  return Promise.resolve();
}

/** One plan line, `+` create, `~` update, `-` delete, then each change old -> new on its own line. */
function describe(step: SchemaStep | TagStep): string {
  const changeLines = (changes: JsonChange[]) =>
    changes
      .map((change) => `\n    ${change.path}: ${showValue(change.from)} → ${showValue(change.to)}`)
      .join('');
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

/** Each page's schemas validated together, as the build will validate that page. */
function invalidSchemas(wanted: DesiredSchema[], rules: Array<'google'>) {
  const pages = new Map<string, DesiredSchema[]>();
  for (const entry of wanted) pages.set(entry.url, [...(pages.get(entry.url) ?? []), entry]);
  return [...pages.values()]
    .flatMap((entries) => {
      const results = validatePage(
        entries.map((entry) => entry.schema_data),
        { rules },
      );
      return entries.map((entry, index) => ({ entry, issues: results[index]!.issues }));
    })
    .map(({ entry, issues }) => ({ entry, errors: issues.filter((issue) => issue.severity === 'error') }))
    .filter(({ errors }) => errors.length > 0)
    .sort((a, b) => a.entry.index - b.entry.index);
}

const issueLine = (issue: ValidationIssue) => `    ${issue.path}  ${issue.message}  (${issue.code})`;

export const command: Command = {
  summary: 'Make the API match a pull file: create, update, optionally delete',
  description: `Reads a file in the format \`pull\` writes (the reference server's seed file), validates every schema locally,
creates the schemas the server lacks and updates those whose schema_data or is_active differ. Records are
matched by url + schema_type + schema_name (type defaults to the document's first @type, name to the type).
Meta and social entries are set where their given fields differ. Nothing is written if any schema has
validation errors (unless --force) or if the server cannot be read.`,
  arguments: [{ name: '<file>', description: 'the pull file, or - for stdin' }],
  options: [
    { flags: '--dry-run', description: 'print the plan and change nothing', default: false },
    {
      flags: '--prune',
      description: 'also delete server schemas that no entry of the file matches',
      default: false,
    },
    { flags: '--force', description: 'push even when local validation finds errors', default: false },
    {
      flags: '--rules <set>',
      description: "add google's rich-result rules to the local validation",
      multiple: true,
    },
    {
      flags: '--concurrency <n>',
      description: 'writes in flight at once',
      default: 4,
      integer: { min: 1, max: 32 },
    },
    { flags: '--json', description: 'print the plan and the summary as JSON', default: false },
    ...apiOptions,
  ],
  epilog: `Exit codes: 0 the server matches the file (or the dry run planned it); 1 validation errors, a write that
failed, or the API failed; 2 usage error (unreadable or malformed file).`,
  async run({ values, positionals }) {
    if (positionals.length !== 1) throw new UsageError('Name one pull file to push (or - for stdin).');
    const rules = ((values.rules as string[] | undefined) ?? []).flatMap((rule) => rule.split(','));
    if (rules.some((rule) => rule !== 'google'))
      throw new UsageError(`--rules accepts google; got "${rules.join(',')}".`);
    const concurrency = values.concurrency as number;
    const file = readSchemaFile(positionals[0]!);
    const wanted = desiredSchemas(file);
    const json = values.json === true;
    const dryRun = values['dry-run'] === true;

    const invalid = invalidSchemas(wanted, rules as Array<'google'>);
    if (invalid.length > 0 && !values.force) {
      if (json) {
        printJson({
          refused: true,
          invalid: invalid.map(({ entry, errors }) => ({ index: entry.index, url: entry.url, errors })),
        });
      } else {
        const lines = invalid.flatMap(({ entry, errors }) => [
          `  schemas[${entry.index}] ${entry.url}  ${entry.schema_type}`,
          ...errors.map(issueLine),
        ]);
        process.stderr.write(
          `Refusing to push: ${invalid.length} schema(s) have validation errors (--force pushes anyway).\n${lines.join('\n')}\n`,
        );
      }
      return 1;
    }
    if (invalid.length > 0) {
      process.stderr.write(`Pushing ${invalid.length} schema(s) with validation errors (--force).\n`);
    }

    return withClient(values, async (client) => {
      const existing = await collect(client.schemas.listAll());
      const [meta, social] = await Promise.all([
        file.meta.length > 0 ? collect(client.meta.listAll()) : [],
        file.social.length > 0 ? collect(client.social.listAll()) : [],
      ]);
      const schemaSteps = planSchemas(wanted, existing, { prune: values.prune === true });
      const tagSteps = planTags(file, meta, social);
      const writes = [...schemaSteps.filter((step) => step.action !== 'unchanged'), ...tagSteps];
      const failures = dryRun
        ? []
        : await eachWithLimit(writes, concurrency, (step) => applyStep(client, step).then(() => {}));
      const failed = new Set<SchemaStep | TagStep>(failures.map(({ item }) => item));
      const count = (action: SchemaStep['action']) =>
        schemaSteps.filter((step) => step.action === action && !failed.has(step)).length;
      const tagCount = (kind: TagStep['kind']) =>
        tagSteps.filter((step) => step.kind === kind && !failed.has(step)).length;
      const summary = {
        dry_run: dryRun,
        schemas: {
          created: count('create'),
          updated: count('update'),
          unchanged: count('unchanged'),
          deleted: count('delete'),
        },
        meta: {
          set: tagCount('meta'),
          unchanged: file.meta.length - tagSteps.filter((s) => s.kind === 'meta').length,
        },
        social: {
          set: tagCount('social'),
          unchanged: file.social.length - tagSteps.filter((s) => s.kind === 'social').length,
        },
        failed: failures.length,
      };
      if (json) {
        printJson({
          ...summary,
          steps: writes.map(describe),
          failures: failures.map(({ item, error }) => ({ step: describe(item), message: error.message })),
        });
      } else {
        const lines = writes.filter((step) => !failed.has(step)).map(describe);
        if (dryRun) lines.unshift('Plan (dry run, nothing was changed):');
        for (const { item, error } of failures) lines.push(`failed ${describe(item)}\n  ${error.message}`);
        const { schemas: s, meta: m, social: o } = summary;
        const verb = dryRun ? 'would be ' : '';
        lines.push(
          `Schemas: ${s.created} ${verb}created, ${s.updated} ${verb}updated, ${s.unchanged} unchanged, ${s.deleted} ${verb}deleted. ` +
            `Meta: ${m.set} ${verb}set, ${m.unchanged} unchanged. Social: ${o.set} ${verb}set, ${o.unchanged} unchanged.` +
            (failures.length > 0 ? ` ${failures.length} write(s) failed.` : ''),
        );
        process.stdout.write(`${lines.join('\n')}\n`);
      }
      return failures.length > 0 ? 1 : 0;
    });
  },
};
