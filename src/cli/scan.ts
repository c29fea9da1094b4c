// `astro-schema-manager scan`: asks the server to read pages (or a sitemap's) and generate schemas for them.

import type { SchemaDraft, SchemaRecord } from '../client/index.ts';
import { figure, plural } from '../plural.ts';
import { apiOptions, printJson, readRecords, withClient } from './api-connection.ts';
import { type Command, UsageError } from './command.ts';
import { changeLines, jsonChanges } from './json-changes.ts';

export const command: Command = {
  summary: 'Ask the API to scan pages or a sitemap and generate schemas for them (POST /scan)',
  description: `The server fetches the pages and proposes schemas (WebSite and Organization for the home page, WebPage,
Article, BreadcrumbList), for pages that have none unless --overwrite. Needs manage_options.
Name at least one --url or --sitemap.`,
  options: [
    {
      flags: '--url <page url>',
      description: 'a page to scan; repeatable or comma-separated',
      multiple: true,
    },
    { flags: '--sitemap <url>', description: 'absolute URL of a sitemap.xml whose pages to scan' },
    {
      flags: '--dry-run',
      description: 'show the schemas that would be written, write nothing',
      default: false,
    },
    { flags: '--overwrite', description: 'also regenerate pages that already have schemas', default: false },
    {
      flags: '--json',
      description:
        "print the result as JSON: the server's answer, each schema's schema_data also parsed as data",
      default: false,
    },
    ...apiOptions,
  ],
  epilog:
    'Exit codes: 0 scanned without errors; 1 a page could not be scanned, or the API failed; 2 usage error.',
  async run({ values }) {
    const urls = ((values.url as string[] | undefined) ?? [])
      .flatMap((url) => url.split(','))
      .filter(Boolean);
    const sitemap = values.sitemap as string | undefined;
    if (urls.length === 0 && !sitemap)
      throw new UsageError('Name the pages to scan: --url <page url> or --sitemap <url>.');
    const dryRun = values['dry-run'] === true;
    const { result, replaced } = await withClient(values, async (client) => {
      const result = await client.scan({
        ...(urls.length > 0 && { urls }),
        ...(sitemap && { sitemap }),
        dry_run: dryRun,
        overwrite: values.overwrite === true,
      });
      // A dry run of --overwrite proposes new data for records that exist: show what each would replace.
      const ids = result.schemas.flatMap((schema) => (schema.id === null ? [] : [schema.id]));
      const replaced = dryRun && !values.json ? await readRecords(client, ids) : new Map();
      return { result, replaced };
    });
    if (values.json) printJson(result);
    else {
      const lines = result.schemas.map((schema) => {
        const line = `${(schema.id === null ? 'proposed' : `#${schema.id}`).padEnd(10)} ${schema.url}  ${schema.schema_type} "${schema.schema_name}"`;
        const old = schema.id === null ? undefined : replaced.get(schema.id);
        return old
          ? `${line}  replacing ${old.schema_type} "${old.schema_name}"${replacement(old, schema)}`
          : line;
      });
      for (const error of result.errors)
        lines.push(`error      ${error.url ?? '-'}  ${error.code}: ${error.message}`);
      if (result.errors_omitted > 0) lines.push(`error      … and ${result.errors_omitted} more not listed`);
      if (result.schemas_omitted > 0)
        lines.push(`           … and ${result.schemas_omitted} more schemas not listed`);
      const verb = dryRun ? 'would be ' : '';
      lines.push(
        `Scanned ${plural(result.scanned, 'page')}: ${figure(result.created)} ${verb}created, ${figure(result.updated)} ${verb}updated, ` +
          `${figure(result.skipped)} skipped, ${plural(result.errors.length + result.errors_omitted, 'error')}.${dryRun ? ' Dry run: nothing was written.' : ''}`,
      );
      process.stdout.write(`${lines.join('\n')}\n`);
    }
    return result.errors.length + result.errors_omitted > 0 ? 1 : 0;
  },
};

/** What a replacement changes in the document, the first few paths, old -> new. */
function replacement(old: SchemaRecord, proposed: SchemaDraft): string {
  if (old.data === null || proposed.data === null) return '';
  const shown = 5;
  const changes = jsonChanges(old.data, proposed.data, shown + 1);
  const more = changes.length > shown ? '\n    … and more' : '';
  return changes.length === 0 ? ' (the same data)' : `${changeLines(changes.slice(0, shown))}${more}`;
}
