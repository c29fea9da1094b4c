// `astro-schema-manager bulk`: the server's site-wide repairs (fix, cleanup, duplicates) over POST /bulk.
import type { BulkAction } from '../client/index.ts';
import { plural } from '../plural.ts';
import { apiOptions, printJson, readIds, readRecords, withClient } from './api-connection.ts';
import { type Command, InputError, UsageError } from './command.ts';

const actions: readonly BulkAction[] = ['fix', 'cleanup', 'duplicates'];

export const command: Command = {
  summary: 'Run a bulk repair on the API: fix, cleanup or duplicates (POST /bulk)',
  description: `Run a bulk repair on the API (POST /bulk; needs manage_options):

  fix          give @context as https://schema.org, schema_type as @type, trim
  cleanup      delete inactive records, and those with unparsable schema_data
  duplicates   keep only the oldest of the records sharing url and schema_data`,
  arguments: [
    {
      name: '<action>',
      description: 'the repair to run',
      choices: actions,
      missing: `name the repair to run: ${actions.join(', ')} (bulk fix --dry-run lists what it would change).`,
    },
  ],
  options: [
    { flags: '--dry-run', description: 'list what would change, change nothing', default: false },
    {
      flags: '--id <n>',
      description: 'only these records; repeatable or comma-separated (default: all)',
      multiple: true,
    },
    { flags: '--json', description: "print the server's answer as JSON", default: false },
    ...apiOptions,
  ],
  epilog: 'Exit codes: 0 done; 1 the server reported errors, or the API failed; 2 usage error.',
  async run({ values, positionals }) {
    const action = positionals[0] as BulkAction | undefined;
    if (positionals.length !== 1 || !action || !actions.includes(action)) {
      throw new UsageError(`Name one action: ${actions.join(', ')}.`);
    }
    const ids = readIds(values.id);
    const dryRun = values['dry-run'] === true;
    const result = await withClient(values, async (client) => {
      // The API passes over an id it does not hold: a mistyped one would "affect 0 records" and exit 0.
      const unknown = [...(await readRecords(client, ids))].flatMap(([id, record]) => (record ? [] : [id]));
      if (unknown.length > 0)
        throw new InputError(
          `The API holds no schema ${unknown.map((id) => `#${id}`).join(', ')}: nothing was run. The ids are those "pull" and GET /schemas show.`,
        );
      return client.bulk(action, { dry_run: dryRun, ...(ids.length > 0 && { ids }) });
    });
    if (values.json) printJson(result);
    else {
      const lines = result.items.map(
        (item) => `${`#${item.id ?? '?'}`.padEnd(8)} ${item.url ?? '-'}  ${item.change}`,
      );
      for (const error of result.errors)
        lines.push(`error    ${error.url ?? '-'}  ${error.code}: ${error.message}`);
      lines.push(
        `${action}: ${plural(result.affected, 'record')} ${dryRun ? 'would be ' : ''}affected` +
          `${result.errors.length > 0 ? `, ${plural(result.errors.length, 'error')}` : ''}.${dryRun ? ' Dry run: nothing was changed.' : ''}`,
      );
      process.stdout.write(`${lines.join('\n')}\n`);
    }
    return result.errors.length > 0 ? 1 : 0;
  },
};
