// `astro-schema-manager validate`: JSON-LD from a file, stdin or the API, checked by the local validator (or by
// the API's POST /validate with --remote), reported as `check` reports pages.
import { statSync } from 'node:fs';
import { ApiError, type SchemaClient, type ValidateBody } from '../client/index.ts';
import { describeSchema } from '../describe-schema.ts';
import { plainJson } from '../lossless-json.ts';
import { spellingsOf, urlIdentity } from '../url-forms.ts';
import type { CheckedFile } from '../validate/format-report.ts';
import { type Severity, type ValidationIssue, validatePage } from '../validate/index.ts';
import { apiOptions, connect, isNotAllowed, readIds } from './api-connection.ts';
import { asBuilt, knownMeta, type PageMeta, usesPlaceholder } from './as-built.ts';
import { type Command, UsageError } from './command.ts';
import { validatedTogether } from './push-findings.ts';
import { desiredSchemas } from './push-plan.ts';
import { type PushSource, pushSourceOfText, readPushSource } from './push-source.ts';
import { readInputText } from './read-input.ts';
import {
  reachesFailOn,
  readReportFlags,
  readRules,
  renderReport,
  reportFlagOptions,
} from './report-flags.ts';

/** Something to validate: the document itself (local) and how the API names it (remote). */
interface Target {
  label: string;
  /** One page's schemas (a pull file's page, a --url): the summary counts pages where every target is one. */
  page?: boolean;
  /** Which documents are validated together (indexes), where not all of them: a page's inactive schema alone. */
  together?: number[][];
  /** The file the documents are in, where the label says more (a pull file's page). */
  path?: string;
  /** The page's address, for a page's schemas. */
  url?: string;
  documents: Array<{ value: string | object; remote: ValidateBody; label?: string; notBuilt?: boolean }>;
  /** Why there is nothing to validate (a page without an active schema). */
  failure?: string;
}

/** What the summary counts: pages where every source is one, sources otherwise. */
const PAGES = ['page', 'pages'] as const;
const SOURCES = ['source', 'sources'] as const;

/** A page file's fields (see seo-directory.ts). */
const PAGE_FILE_KEYS = new Set(['url', 'schemas', 'meta', 'social']);

const isDirectory = (path: string) => {
  try {
    return path !== '-' && statSync(path).isDirectory();
  } catch {
    return false;
  }
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * The documents of a file's text: a pull file or page file gives its pages (see `schemaFileTargets`), an array
 * each item, anything else one document; text that is not JSON stays text, so the validator reports where it
 * breaks.
 *
 * @example documentsOfFile('x.json', '[{"@type":"Thing"},{"@type":"Thing"}]') // one target, two documents
 */
export function documentsOfFile(path: string, text: string): Target[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [{ label: path, documents: [{ value: text, remote: { schema_data: text } }] }];
  }
  // What pull writes: a pull file (its `schemas`), or a page file (its `url` and its page's lists, whichever
  // it holds: one with meta alone has no `schemas`).
  const isSchemaFile =
    isObject(value) &&
    !('@context' in value) &&
    !('@type' in value) &&
    (Array.isArray(value.schemas) ||
      (typeof value.url === 'string' && Object.keys(value).every((key) => PAGE_FILE_KEYS.has(key))));
  if (isSchemaFile) return schemaFileTargets(pushSourceOfText(path, text));
  const one = (document: unknown) => {
    const data = isObject(document) || Array.isArray(document) ? document : JSON.stringify(document);
    return { value: data as string | object, remote: { schema_data: data as string | object } };
  };
  if (Array.isArray(value)) return [{ label: path, documents: value.map(one) }];
  return [{ label: path, documents: [one(value)] }];
}

/**
 * A pull file's or page files' schemas, page by page, validated as the build validates them
 * (`validatedTogether`: a page's active schemas together, an inactive one alone), each filled from the page's
 * meta in the file where it uses the CMS's placeholders, and named by its place in its file, type and name.
 *
 * @example schemaFileTargets(await readPushSource('seo/'))[0].label // 'seo/example.com/index.json https://example.com/'
 */
function schemaFileTargets({ file, fileOf, schemaIn }: PushSource): Target[] {
  const metaInFile = new Map(file.meta.map((entry) => [urlIdentity(entry.url), entry]));
  const pages = Map.groupBy(desiredSchemas(file), (entry) => entry.url);
  return [...pages].map(([url, entries]) => {
    const groups = validatedTogether(entries);
    let next = 0;
    const path = fileOf(entries[0]!.index);
    return {
      label: `${path} ${url}`,
      url,
      ...(path !== 'stdin' && { path }),
      page: true,
      together: groups.map((group) => group.map(() => next++)),
      documents: groups.flat().map((entry) => {
        const data = plainJson(entry.schema_data);
        return {
          value: asBuilt(data, knownMeta(metaInFile.get(urlIdentity(url)))),
          remote: { schema_data: data },
          label: `${schemaIn(entry.index)} ${describeSchema(entry)}${entry.is_active ? '' : ' (inactive: not built, validated alone, fails nothing)'}`,
          ...(!entry.is_active && { notBuilt: true }),
        };
      }),
    };
  });
}

async function apiTargets(
  client: SchemaClient,
  ids: number[],
  urls: string[],
  remote: boolean,
): Promise<Target[]> {
  const targets: Target[] = [];
  // Locally, the CMS's placeholders are filled from the page's meta, as the build fills them, where the
  // credentials may read it.
  const asShipped = async (record: { url: string; schema_data: string | object }) =>
    remote || !usesPlaceholder(record.schema_data)
      ? record.schema_data
      : asBuilt(record.schema_data, await metaIfReadable(client, record.url));
  for (const id of ids) {
    // Remote validation reads the record itself; locally it is fetched first.
    const record = remote ? null : await client.schemas.get(id);
    const value = record ? await asShipped(record) : '';
    const label = record ? describeSchema(record) : undefined;
    targets.push({ label: `schema #${id}`, documents: [{ value, remote: { id }, ...(label && { label }) }] });
  }
  for (const url of urls) {
    // Remotely too, record by record ({ id }): every server answers that form, where some ignore { url }. The
    // API matches `url` as stored: a page given in another spelling of its escapes (`/café/` for WordPress's
    // `/caf%c3%a9/`) is asked in each, as pull and the build find it.
    const records = [];
    const seen = new Set<number>();
    for (const { url: spelling } of spellingsOf(url))
      for (const record of await client.schemasByUrl(spelling))
        if (!seen.has(record.id)) {
          seen.add(record.id);
          records.push(record);
        }
    if (records.length === 0) {
      // Reported with the others' findings, not thrown: one page without schemas hides nothing else.
      targets.push({
        label: url,
        page: true,
        documents: [],
        failure:
          'the CMS has no active schema for this page: check the address (its trailing slash, http or https) or that its schemas are active',
      });
      continue;
    }
    const documents = [];
    for (const record of records)
      documents.push({
        value: await asShipped(record),
        remote: { id: record.id },
        label: describeSchema(record),
      });
    targets.push({ label: url, page: true, url, documents });
  }
  return targets;
}

/** The page's meta, or null where there is none or the credentials may not read it. */
async function metaIfReadable(client: SchemaClient, url: string): Promise<PageMeta | null> {
  try {
    return await client.meta.get(url);
  } catch (error) {
    if (isNotAllowed(error) || (error instanceof ApiError && error.status === 404)) return null;
    throw error;
  }
}

async function check(
  targets: Target[],
  client: SchemaClient | null,
  options: { rules: Array<'google'>; severity: Record<string, Severity | 'off'> },
): Promise<CheckedFile[]> {
  const checked: CheckedFile[] = [];
  for (const target of targets) {
    if (target.failure) {
      checked.push({
        file: target.label,
        ...(target.path && { path: target.path }),
        ...(target.url && { url: target.url }),
        unit: 'document',
        documents: [],
        failure: target.failure,
      });
      continue;
    }
    const documents = [];
    // Locally, a target's documents (a page's schemas with --url) are validated together, as the build does.
    const local: Array<{ issues: ValidationIssue[] }> = [];
    if (!client)
      for (const set of target.together ?? [target.documents.map((_, index) => index)]) {
        const results = validatePage(
          set.map((index) => target.documents[index]!.value),
          options,
        );
        set.forEach((index, at) => {
          local[index] = results[at]!;
        });
      }
    for (const [index, document] of target.documents.entries()) {
      let issues: ValidationIssue[];
      if (client) {
        const answer = await client.validate(document.remote);
        const as = (severity: Severity) => (issue: { path: string; code: string; message: string }) => ({
          severity,
          code: issue.code,
          path: issue.path,
          message: issue.message,
          rule: 'remote',
        });
        issues = [...answer.errors.map(as('error')), ...answer.warnings.map(as('warning'))];
      } else issues = local[index]!.issues;
      documents.push({
        index,
        ...(document.label && { label: document.label }),
        ...(document.notBuilt && { notBuilt: true }),
        line: 1,
        column: 1,
        valid: !issues.some((i) => i.severity === 'error'),
        issues,
      });
    }
    checked.push({
      file: target.label,
      ...(target.path && { path: target.path }),
      ...(target.url && { url: target.url }),
      unit: 'document',
      documents,
    });
  }
  return checked;
}

export const command: Command = {
  summary: "Validate JSON-LD from a file, stdin or the API (locally, or with the API's /validate)",
  description: `Validates JSON-LD documents against the Schema.org vocabulary and Google's rich-result rules, as the
build does (--rules schema.org: the vocabulary alone): a file (one document, an array of them, or what pull
writes: a pull file, a directory of page files, one page file, each page's schemas validated together), stdin
with -, the stored schema of each --id, or the active
schemas of each --url (the public /schemas-by-url route: no credentials needed). Sources may be combined.
--api is needed only with --id, --url or --remote; --rules applies to local validation only.`,
  arguments: [{ name: '[file]', description: 'a JSON file, a directory of page files, or - for stdin' }],
  options: [
    {
      flags: '--id <n>',
      description: 'a stored schema to validate; repeatable or comma-separated (needs edit_posts)',
      multiple: true,
    },
    { flags: '--url <page url>', description: 'the active schemas of this page; repeatable', multiple: true },
    {
      flags: '--remote',
      description: "validate with the API's POST /validate instead of locally (needs edit_posts)",
      default: false,
    },
    ...reportFlagOptions,
    ...apiOptions,
  ],
  epilog:
    "Exit codes: 0 nothing at or above --fail-on; 1 findings at or above it (an inactive schema's are reported, never counted: it is not built), a --url without an active schema, or the API failed; 2 usage error.",
  async run({ values, positionals }) {
    const flags = readReportFlags(values);
    const rules = flags.rules.filter((rule) => rule === 'google');
    const remote = values.remote === true;
    if (remote && readRules(values).named)
      throw new UsageError('--rules applies to local validation only, not with --remote.');
    if (remote && Object.keys(flags.severity).length > 0)
      throw new UsageError('--severity applies to local validation only, not with --remote.');
    if (positionals.length > 1) throw new UsageError('Name at most one file (or - for stdin).');
    const ids = readIds(values.id);
    const urls = (values.url as string[] | undefined) ?? [];
    if (positionals.length === 0 && ids.length === 0 && urls.length === 0) {
      throw new UsageError('Name what to validate: a file, - for stdin, --id <n> or --url <page url>.');
    }
    const targets: Target[] = [];
    for (const path of positionals)
      targets.push(
        ...(isDirectory(path)
          ? schemaFileTargets(await readPushSource(path))
          : documentsOfFile(path === '-' ? 'stdin' : path, readInputText(path))),
      );
    const needsApi = remote || ids.length > 0 || urls.length > 0;
    const client = needsApi ? connect(values) : null;
    let checked: CheckedFile[];
    try {
      // One by one: a CMS may hold more schemas than a call takes arguments.
      if (client) for (const target of await apiTargets(client, ids, urls, remote)) targets.push(target);
      checked = await check(targets, remote ? client : null, {
        rules: rules as Array<'google'>,
        severity: flags.severity,
      });
    } finally {
      await client?.close();
    }
    const unit = targets.every((target) => target.page) ? PAGES : SOURCES;
    process.stdout.write(renderReport(checked, flags, true, unit));
    return reachesFailOn(checked, flags.failOn) || checked.some((file) => file.failure) ? 1 : 0;
  },
};
