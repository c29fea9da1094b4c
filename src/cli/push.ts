// `astro-schema-manager push`: makes the server match a directory of page files or a pull file. The plan is
// computed from the files and the server's state and printed before anything is written, so a refusal (invalid
// schemas, missing rights) changes nothing, and a second push of the same files finds nothing to do.

import {
  ApiError,
  DEFAULT_MAX_RESPONSE_BYTES,
  type MetaTags,
  recordWireBytes,
  type SchemaClient,
  type SchemaRecord,
  type SocialTags,
} from '../client/index.ts';
import { holdsTagValues } from '../client/wire-tags.ts';
import { mapConcurrently } from '../map-concurrently.ts';
import { plural } from '../plural.ts';
import { printable } from '../printable.ts';
import type { SeedFileData as SchemaFile, Selection } from '../seed-file.ts';
import { urlFragment, urlIdentity, urlVariants } from '../url-forms.ts';
import { apiOptions, isNotAllowed, printJson, withClient } from './api-connection.ts';
import { knownMeta, usesPlaceholder } from './as-built.ts';
import { type Command, InputError, UsageError } from './command.ts';
import { changeLines, type JsonChange } from './json-changes.ts';
import { describeError } from './print-error.ts';
import { startProgress } from './progress.ts';
import { findingLines, findingsOf, hasErrors } from './push-findings.ts';
import {
  type DesiredSchema,
  desiredSchemas,
  fragmentEntries,
  PlanError,
  planSchemas,
  planTags,
  type SchemaStep,
  storedOtherwise,
  type TagStep,
} from './push-plan.ts';
import { type TouchedPages, touchedPages } from './push-recheck.ts';
import {
  describe,
  describePlan,
  fragmentLines,
  type StoppedWrites,
  stoppedLine,
  stoppedLines,
  summarise,
  summaryLine,
} from './push-report.ts';
import { readPushSource } from './push-source.ts';
import { listRequests, pageRequests, readApi, readPages } from './read-api.ts';
import { readRules, readSeverity, rulesOption, severityOption } from './report-flags.ts';

/**
 * Applies the writes `limit` pages at a time, each page's one after another: its new schemas get their ids in
 * the files' order, the order a pull writes them back in, and a push stopped half-way leaves whole pages.
 * Failures are collected, in plan order, not thrown; so are the URLs the API stored in another form than sent.
 * A write refused for its credentials (401, or 403: revoked, or the user's rights taken away mid-push) stops
 * the push: no other write is started, as each would be refused too.
 */
async function applyByPage(
  client: SchemaClient,
  writes: Array<SchemaStep | TagStep>,
  limit: number,
  onStep: () => void,
): Promise<{
  failures: Array<{ item: SchemaStep | TagStep; error: Error }>;
  restored: Map<string, string>;
  altered: Array<{ item: SchemaStep | TagStep; changes: JsonChange[] }>;
  /** The urls the API answered schema writes with. */
  stored: Set<string>;
  /** The refusal that stopped the writes, and those written before it and not sent. */
  stopped: StoppedWrites | null;
}> {
  const failed = new Map<SchemaStep | TagStep, Error>();
  const restored = new Map<string, string>();
  const stored = new Set<string>();
  const alteredBy = new Map<SchemaStep | TagStep, JsonChange[]>();
  const sent = new Set<SchemaStep | TagStep>();
  let refusal: Error | null = null;
  await mapConcurrently(pagesOf(writes), limit, async (steps) => {
    for (const step of steps) {
      if (refusal !== null) return;
      sent.add(step);
      await applyStep(client, step)
        .then((written) => {
          // WordPress cleans some characters out of a URL it stores (`<`, `>`, `"`): the record no longer
          // matches the file, and every push would create it again.
          const url = (written as { url?: unknown } | undefined)?.url;
          if (!('kind' in step) && typeof url === 'string') stored.add(url);
          if (!('kind' in step) && step.action === 'create' && typeof url === 'string')
            if (urlIdentity(url) !== urlIdentity(step.entry.url)) restored.set(step.entry.url, url);
          const changes = storedOtherwise(step, written);
          if (changes.length > 0) alteredBy.set(step, changes);
        })
        .catch((error: unknown) => {
          failed.set(step, error as Error);
          if (isNotAllowed(error)) refusal ??= error as Error;
        });
      onStep();
    }
  });
  const failures = writes.flatMap((item) => (failed.has(item) ? [{ item, error: failed.get(item)! }] : []));
  const altered = writes.flatMap((item) =>
    alteredBy.has(item) ? [{ item, changes: alteredBy.get(item)! }] : [],
  );
  const stopped =
    refusal === null
      ? null
      : {
          error: refusal,
          written: writes.filter((step) => sent.has(step) && !failed.has(step)),
          unsent: writes.filter((step) => !sent.has(step)),
        };
  return { failures, restored, altered, stored, stopped };
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

// Few writes are quick: a bar from this many on.
const SHOW_WRITES_FROM = 20;

export const command: Command = {
  summary: 'Make the API match a directory of page files or a pull file: create, update, optionally delete',
  description: `Reads a directory of page files (as \`pull --out seo/\` writes it) or a pull file (the reference
server's seed file), validates every schema locally, reads the server, and prints the plan: + create,
~ update (only the fields that differ, old → new), - delete. Records are matched by url + schema_type +
schema_name (type defaults to the document's first @type, name to the type); a matched record is updated when its
schema_data (compared as JSON) or is_active differs. With --prune, a schema renamed (or retyped) in the files
updates its record when the page leaves no doubt which one it was; without, the record stays beside it (noted).
Meta and social entries are set where their given fields differ. Pushing the same files twice changes nothing the second time. --dry-run always prints the plan and the
findings; a real push with validation errors sends nothing (unless --allow-invalid).`,
  arguments: [
    {
      name: '<dir|file>',
      description: 'a directory of page files, a pull file, one page file, or - for stdin',
      missing:
        'name what to push: the file pull writes by default (push schemas.json), a directory of page files (push seo/), or - for stdin.',
    },
  ],
  options: [
    { flags: '--dry-run', description: 'print the plan and the findings, change nothing', default: false },
    {
      flags: '--prune',
      description: 'also delete server schemas that no entry of the files matches',
      default: false,
    },
    {
      flags: '--allow-invalid',
      description: 'push even when local validation finds errors',
      default: false,
    },
    { flags: '--force', description: 'deprecated: --allow-invalid', default: false, hidden: true },
    rulesOption,
    severityOption,
    {
      flags: '--concurrency <n>',
      description: 'writes in flight at once, 1 to 32',
      default: 4,
      integer: { min: 1, max: 32 },
    },
    { flags: '--json', description: 'print the plan, the findings and the summary as JSON', default: false },
    ...apiOptions,
  ],
  epilog: `Exit codes: 0 the server matches the files (or the dry run planned it, findings or not); 1 a real push
refused for validation errors, an entry not sent (its url has a #fragment, which names no page), a write that failed, that the API stored otherwise than sent or did not keep, or the API failed; 2 usage error (unreadable or malformed
file, named with its field).`,
  async run({ values, positionals }) {
    if (positionals.length !== 1)
      throw new UsageError('Name one directory of page files or one pull file to push (or - for stdin).');
    const validation = {
      rules: readRules(values).rules.filter((rule) => rule === 'google'),
      severity: readSeverity(values.severity as string[] | undefined),
    };
    if (values.force)
      process.stderr.write('--force is deprecated and will be removed: use --allow-invalid.\n');
    const allowInvalid = values['allow-invalid'] === true || values.force === true;
    const concurrency = values.concurrency as number;
    const source = positionals[0]!;
    const { file, where, exact, fileOf, schemaIn, tagWhere } = await readPushSource(source);
    const wanted = desiredSchemas(file);
    // Entries for a `/page#top`: none is sent. Their schemas are still matched, so --prune deletes no record
    // they would have matched; the others of the files are pushed.
    const fragments = fragmentEntries(file);
    const fragmentSchemas = new Set(
      fragments.flatMap(({ kind, index }) => (kind === 'schemas' ? [index] : [])),
    );
    const sendable = (step: SchemaStep) => !('entry' in step && fragmentSchemas.has(step.entry.index));
    refuseUnreadable(wanted, (index) => `${fileOf(index)}: ${schemaIn(index)}`);
    const json = values.json === true;
    const dryRun = values['dry-run'] === true;
    const metaInFile = new Map(file.meta.map((entry) => [urlIdentity(entry.url), entry]));
    // A placeholder on a page the file gives no meta for is filled from the CMS's meta, as the build does.
    const fillsFromApi = wanted.some(
      (entry) => !metaInFile.has(urlIdentity(entry.url)) && usesPlaceholder(entry.schema_data),
    );

    return withClient(values, async (client) => {
      // Read as pull reads: side by side, with progress. Tags a user may not read (edit_posts without
      // manage_options) are skipped, said so, as pull skips them: the schemas are still planned and pushed.
      // Credentials that may not read meta also leave the CMS's placeholders reported as unfilled.
      const prune = values.prune === true;
      // A whole --prune also reads the tags, to say which pages without a file keep theirs.
      const wholePrune = prune && !file.selection;
      const wants = {
        meta: file.meta.length > 0 || fillsFromApi || wholePrune,
        social: file.social.length > 0 || wholePrune,
      };
      const read = await readApi(client, { urls: [], type: undefined, tags: wants, quiet: json });
      const existing = read.schemas;
      const metaRead = wants.meta ? read.meta : [];
      const socialRead = wants.social ? read.social : [];
      const skipped = (['meta', 'social'] as const).filter(
        (kind) => (kind === 'meta' ? metaRead : socialRead) === null && file[kind].length > 0,
      );
      for (const kind of skipped)
        process.stderr.write(
          `Skipped ${kind}: the user may not read or write it (needs manage_options); ${plural(file[kind].length, 'entry', 'entries')} in ${source === '-' ? 'stdin' : source} not compared or sent.\n`,
        );
      const meta = metaRead ?? [];
      const social = socialRead ?? [];
      const onPage = ({ url }: { url: string }) => urlFragment(url) === null;
      const tagsFile = {
        ...file,
        meta: skipped.includes('meta') ? [] : file.meta.filter(onPage),
        social: skipped.includes('social') ? [] : file.social.filter(onPage),
      };
      const metaInApi = new Map(meta.map((tags) => [urlIdentity(tags.url), tags]));
      const findings = findingsOf(wanted, validation, (url) =>
        knownMeta(metaInFile.get(urlIdentity(url)), metaInApi.get(urlIdentity(url))),
      );
      const invalid = findings.filter(hasErrors);
      const schemaSteps = planSchemas(wanted, existing, { prune, selection: file.selection, exact }).filter(
        sendable,
      );
      // Every schema write needs manage_options (a user with edit_posts reads them only): one without it is
      // told before anything is sent, not by a 403 on each write. A meta read refused said so already.
      const schemaWrites = schemaSteps.filter((step) => step.action !== 'unchanged').length;
      const mayWriteSchemas =
        schemaWrites === 0 || (wants.meta ? metaRead !== null : await mayManageOptions(client));
      const notAllowed = mayWriteSchemas
        ? null
        : `the user may not create, update or delete schemas (the API needs manage_options for them; this user may read them only)`;
      // A real push with errors sends nothing; a dry run still plans, so the findings show beside the plan.
      const invalidStops = invalid.length > 0 && !allowInvalid;
      const refused = !dryRun && (invalidStops || notAllowed !== null);
      let tagSteps: TagStep[];
      try {
        tagSteps = planTags(tagsFile, meta, social);
      } catch (error) {
        throw error instanceof PlanError ? new InputError(error.message) : error;
      }
      /**
       * The writes that would make `read` match the files, as the plan was made; with `pages`, on those pages
       * alone (what `read` holds of them), each kind's own.
       */
      const planAgainst = (
        read: { schemas: SchemaRecord[]; meta: MetaTags[] | null; social: SocialTags[] | null },
        pages?: TouchedPages['identities'],
      ) => {
        const on =
          (kind: keyof TouchedPages['identities']) =>
          ({ url }: { url: string }) =>
            !pages || pages[kind].has(urlIdentity(url));
        return [
          ...planSchemas(wanted.filter(on('schemas')), read.schemas.filter(on('schemas')), {
            prune,
            selection: file.selection,
            exact,
          }).filter((step) => step.action !== 'unchanged' && sendable(step)),
          ...planTags(
            {
              ...tagsFile,
              meta: tagsFile.meta.filter(on('meta')),
              social: tagsFile.social.filter(on('social')),
            },
            (read.meta ?? []).filter(on('meta')),
            (read.social ?? []).filter(on('social')),
          ),
        ];
      };
      // Page by page (each page's schemas, then its meta and social), in the plan and in the writes: a push
      // stopped half-way leaves whole pages done, not every page's schemas without their meta.
      const writes = pagesOf([
        ...schemaSteps.filter((step) => step.action !== 'unchanged'),
        ...tagSteps,
      ]).flat();
      const findingText = findingLines(findings, where);
      const fragmentText = fragmentLines(fragments, (kind, index) =>
        kind === 'schemas' ? where(index) : tagWhere(kind, index),
      );
      const besideNotes = schemaSteps.flatMap((step) =>
        step.action === 'create' && step.beside
          ? [besideNote(step.entry, step.beside, source === '-' ? 'stdin' : source)]
          : [],
      );
      // A page new to the API that it holds under the other trailing slash (WordPress's `/hello-world` for
      // Astro's `/hello-world/`): the build reads one spelling, so the two would drift apart unseen.
      const heldPages = new Map(existing.map((record) => [urlIdentity(record.url), record.url]));
      const twinNotes = [
        ...new Set(
          schemaSteps.flatMap((step) =>
            step.action === 'create' && !heldPages.has(urlIdentity(step.entry.url)) ? [step.entry.url] : [],
          ),
        ),
      ].flatMap((url) => {
        const other = urlVariants(url)[1];
        const held = other === undefined ? undefined : heldPages.get(urlIdentity(other));
        return held === undefined
          ? []
          : [
              `Note: ${url} is new to the API, which holds schemas for ${held}, the same page with the other trailing slash; a build reads one of the two. Write the page's url as the API does, or remove the other's records.`,
            ];
      });
      const findingsJson = findings.map(({ entry, issues }) => ({
        where: where(entry.index),
        url: entry.url,
        schema_type: entry.schema_type,
        schema_name: entry.schema_name,
        is_active: entry.is_active,
        issues,
      }));
      if (!json) {
        const header = dryRun
          ? 'Plan (dry run, nothing was changed):'
          : refused
            ? `Plan (not applied: ${notAllowed !== null ? 'the user may not write schemas' : 'validation errors'}):`
            : 'Plan:';
        const plan =
          writes.length > 0
            ? [header, ...describePlan(writes)]
            : skipped.length === 0
              ? [
                  fragments.length === 0
                    ? `Nothing to change: the API already matches ${source === '-' ? 'stdin' : source}.`
                    : `Nothing to send: the API matches ${source === '-' ? 'stdin' : source} but for the entries not sent below.`,
                ]
              : // The skipped tags were not compared: "matches" would claim what was not looked at.
                [
                  `Nothing to change in what this user may write: the API's ${skipped.length === 2 ? 'schemas match' : `schemas and ${['meta', 'social'].find((kind) => !skipped.includes(kind as 'meta'))} match`} ${source === '-' ? 'stdin' : source}; its ${skipped.join(' and ')} ${skipped.length === 2 ? 'were' : 'was'} not compared (see above).`,
                ];
        if (prune && file.selection)
          plan.push(
            `--prune stays within what ${source === '-' ? 'stdin' : source} was pulled with (${describeSelection(file.selection)}): the API's other schemas are kept.`,
          );
        if (wholePrune) {
          const kept = tagsWithoutFile(file, [...(metaRead ?? []), ...(socialRead ?? [])]);
          if (kept.length > 0)
            plan.push(
              `--prune deletes schemas only: ${plural(kept.length, 'page')} with no entry in ${source === '-' ? 'stdin' : source} ${kept.length === 1 ? 'keeps its' : 'keep their'} meta or social tags in the API (${kept.slice(0, 3).join(', ')}${kept.length > 3 ? ', …' : ''}), which a pull writes back as page files. Clear them in the CMS if the pages are gone.`,
            );
        }
        // A schema renamed in a template is renamed on every page: a few notes say it, `--json` has each.
        plan.push(...twinNotes.slice(0, NOTES_LISTED), ...besideNotes.slice(0, NOTES_LISTED));
        const unlisted = besideNotes.length - NOTES_LISTED;
        if (unlisted > 0)
          plan.push(
            `… and ${plural(unlisted, 'more schema')} created beside a record of its page that nothing matches (--json lists each); push with --prune to update those records instead.`,
          );
        if (fragments.length > 0)
          plan.push(
            `Not sent (a url with a #fragment names no page, ${dryRun ? 'a push exits' : 'the push exits'} 1):`,
            ...fragmentText,
          );
        if (findings.length > 0) plan.push('Findings (as the build will report them):', ...findingText);
        process.stdout.write(`${plan.join('\n')}\n`);
      }
      if (refused) {
        const message =
          notAllowed !== null
            ? `Refusing to push: ${notAllowed}; nothing was sent. Push with a user that has manage_options.`
            : `Refusing to push: ${plural(invalid.length, 'schema')} with validation errors; nothing was sent (--allow-invalid pushes anyway).`;
        if (json)
          printJson({
            dry_run: false,
            refused: true,
            reason: notAllowed !== null ? 'manage_options' : 'validation',
            steps: writes.map(describe),
            notes: [...twinNotes, ...besideNotes],
            findings: findingsJson,
            fragment_urls: fragmentText,
          });
        else process.stderr.write(`${message}\n`);
        return 1;
      }
      if (invalid.length > 0 && !dryRun && writes.length > 0)
        process.stderr.write(
          `Pushing ${plural(invalid.length, 'schema')} with validation errors (--allow-invalid).\n`,
        );
      const progress = startProgress('Writing to the API', {
        total: dryRun ? 0 : writes.length,
        quiet: json,
        from: SHOW_WRITES_FROM,
      });
      const { failures, restored, altered, stored, stopped } = dryRun
        ? {
            failures: [],
            restored: new Map<string, string>(),
            altered: [],
            stored: new Set<string>(),
            stopped: null,
          }
        : await applyByPage(client, writes, concurrency, () => progress.add());
      // Read again and planned again: a plugin may answer a write as done and store nothing (a meta entry for a
      // URL it cannot map to a post, a database error it ignores), which no write's answer shows.
      const reported = new Set([
        ...[...failures, ...altered].map(({ item }) => stepKey(item)),
        // A URL stored in another form is noted below; its page's entry cannot match until the file says it so.
        ...writes.flatMap((step) => ('entry' in step && restored.has(step.entry.url) ? [stepKey(step)] : [])),
      ]);
      // The pages written to, read one by one while that is fewer requests than the lists again.
      const readAgain = async () => {
        const touched = touchedPages(writes, {
          existing,
          wanted,
          file: tagsFile,
          held: { meta, social },
          stored,
        });
        const lists = listRequests({
          schemas: existing.length,
          meta: wants.meta ? meta.length : null,
          social: wants.social ? social.length : null,
        });
        if (pageRequests(touched.urls) <= lists) {
          try {
            return planAgainst(await readPages(client, touched.urls), touched.identities);
          } catch (error) {
            // Two spellings of a page the lists would tell apart: planned from them.
            if (!(error instanceof PlanError)) throw error;
          }
        }
        return planAgainst(await readApi(client, { urls: [], type: undefined, tags: wants, quiet: true }));
      };
      // Credentials refused: nothing more can be read either; what was written is said below.
      const notStored =
        dryRun || writes.length === 0 || stopped !== null
          ? []
          : (await readAgain()).filter((step) => !reported.has(stepKey(step)));
      const restoredNotes = [...restored].map(
        ([sent, stored]) =>
          `Note: the API stored ${sent} as ${stored}; write the page's url as stored, or each push creates it again.`,
      );
      progress.done();
      // A write the API did not keep counts as failed, not as done.
      const droppedKeys = new Set(notStored.map(stepKey));
      const failed = new Set<SchemaStep | TagStep>([
        ...failures.map(({ item }) => item),
        ...(stopped?.unsent ?? []),
        ...writes.filter((step) => droppedKeys.has(stepKey(step))),
      ]);
      const counts = summarise(tagsFile, schemaSteps, tagSteps, failed, dryRun);
      const unsentWrites = stopped?.unsent.length ?? 0;
      const summary = {
        ...counts,
        failed: counts.failed - unsentWrites,
        not_sent: fragments.length,
        unsent: unsentWrites,
        skipped,
      };
      if (json) {
        printJson({
          ...summary,
          refused: false,
          ...(notAllowed !== null && { may_write_schemas: false }),
          steps: writes.map(describe),
          notes: [...twinNotes, ...besideNotes, ...restoredNotes],
          findings: findingsJson,
          fragment_urls: fragmentText,
          failures: failures.map(({ item, error }) => ({
            step: describe(item),
            message: describeError(error).join('\n'),
          })),
          altered: altered.map(({ item, changes }) => ({ step: describe(item), stored: changes })),
          not_stored: notStored.map(describe),
          ...(stopped && {
            stopped: {
              reason:
                stopped.error instanceof ApiError && stopped.error.status === 403
                  ? 'forbidden'
                  : 'authentication',
              message: stoppedLine(stopped, writes.length),
              written: stopped.written.map(describe),
              not_sent: stopped.unsent.map(describe),
            },
          }),
        });
      } else {
        // The server's reason per field too (`url: must be on the site's host …`), as any failed command says it.
        const lines = failures.map(
          ({ item, error }) => `failed ${describe(item)}\n  ${describeError(error).join('\n  ')}`,
        );
        lines.push(...altered.map(({ item, changes }) => alteredLines(item, changes)));
        lines.push(...restoredNotes.slice(0, NOTES_LISTED), summaryLine(summary));
        if (altered.length > 0) lines.push(alteredVerdict(altered, source === '-' ? 'stdin' : source));
        if (notStored.length > 0)
          lines.push(
            ...notStored.map((step) => `not stored: ${describe(step)}`),
            `The API answered ${plural(notStored.length, 'write')} above as done but does not hold ${notStored.length === 1 ? 'it' : 'them'}: read again after the push, it still differs from ${source === '-' ? 'stdin' : source} there. The CMS's plugin dropped ${notStored.length === 1 ? 'that write' : 'those writes'} (check its error log, and whether it stores entries for that URL at all); a push sends ${notStored.length === 1 ? 'it' : 'them'} again.`,
          );
        if (dryRun && notAllowed !== null)
          lines.push(`A push without --dry-run would stop here: ${notAllowed}.`);
        else if (dryRun && invalid.length > 0 && allowInvalid)
          lines.push(
            `A push without --dry-run would send ${plural(invalid.length, 'schema')} with validation errors too (--allow-invalid).`,
          );
        else if (dryRun && invalid.length > 0)
          lines.push(
            writes.length > 0
              ? `A push without --dry-run would stop here: ${plural(invalid.length, 'schema')} with validation errors (--allow-invalid pushes anyway).`
              : `A push without --dry-run would send nothing either, and exit 1: ${plural(invalid.length, 'schema')} with validation errors (--allow-invalid exits 0).`,
          );
        process.stdout.write(`${lines.join('\n')}\n`);
        if (stopped) process.stderr.write(`${stoppedLines(stopped, writes.length).join('\n')}\n`);
      }
      // Stored otherwise than sent, or an entry not sent: the API does not match the files.
      const unsent = fragments.length > 0 && !dryRun;
      return failures.length > 0 || altered.length > 0 || notStored.length > 0 || unsent || stopped ? 1 : 0;
    });
  },
};

/** `stored otherwise ~ #12 …` and each field sent -> stored, as the plan words a step. */
function alteredLines(step: SchemaStep | TagStep, changes: JsonChange[]): string {
  return `stored otherwise than sent (sent → stored): ${describe(step).split('\n')[0]}${changeLines(changes)}`;
}

/** Why a write stored otherwise fails the push, and what to do, by what was changed. */
function alteredVerdict(
  altered: Array<{ item: SchemaStep | TagStep; changes: JsonChange[] }>,
  source: string,
): string {
  // A name or type is the record's key: stored otherwise, the next push matches nothing and creates it again.
  const keyChanged = altered.some(({ changes }) =>
    changes.some(({ path }) => path === 'schema_name' || path === 'schema_type'),
  );
  // A document cut where its backslashes were (wp_unslash) is no value to write back: the plugin is at fault.
  const textBroken = altered.some(({ changes }) =>
    changes.some(({ path }) => path.startsWith('schema_data')),
  );
  return `The API stored ${plural(altered.length, 'write')} otherwise than sent (above: the CMS's plugin or a WordPress filter changes what it stores), so it does not match ${source}${keyChanged ? ', and each push would create the records whose name or type changed again' : ''}. Write those values in ${source} as the API stores them (pull shows them)${textBroken ? "; a document stored as text that no longer parses has most likely lost its backslashes (WordPress's wp_unslash): write it without backslash escapes, or have the plugin store it unchanged" : ', or have the plugin store them unchanged'}.`;
}

/**
 * Refuses, before anything is sent, a schema the client could not read back once stored: WordPress answers its
 * document escaped again inside the record (each character outside ASCII as 6 bytes), and one record over the
 * client's answer limit stops every later pull, push and build of the site with `response_too_large`.
 */
function refuseUnreadable(wanted: DesiredSchema[], fieldOf: (index: number) => string): void {
  const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  const lines = wanted.flatMap((entry) => {
    const text =
      typeof entry.schema_data === 'string' ? entry.schema_data : JSON.stringify(entry.schema_data);
    const bytes = recordWireBytes({ ...entry, schema_data: text });
    return bytes > DEFAULT_MAX_RESPONSE_BYTES
      ? [
          `${fieldOf(entry.index)}.schema_data (${printable(entry.url)}): about ${mib(bytes)} as WordPress answers the record, over the ${mib(DEFAULT_MAX_RESPONSE_BYTES)} an answer may hold: once stored, it would stop every pull, push and build of the site (response_too_large). Make the document smaller; nothing was sent.`,
        ]
      : [];
  });
  if (lines.length > 0) throw new InputError(lines.join('\n'));
}

/** Whether the user has manage_options, as far as the API shows it: a server without /meta cannot say, so yes. */
async function mayManageOptions(client: SchemaClient): Promise<boolean> {
  const probe = await client.probe();
  return probe.canManageOptions || !probe.routes.meta;
}

/** The pages the API holds meta or social for that no entry of the files names, as the API spells them. */
function tagsWithoutFile(file: SchemaFile, tags: Array<{ url: string }>): string[] {
  const named = new Set(
    [...file.schemas, ...file.meta, ...file.social].map((entry) => urlIdentity(entry.url)),
  );
  // An entry of nulls holds nothing (a pull leaves it out too).
  const kept = new Map(
    tags
      .filter((tag) => holdsTagValues(tag) && !named.has(urlIdentity(tag.url)))
      .map((tag) => [urlIdentity(tag.url), tag.url]),
  );
  return [...kept.values()].sort();
}

/** How many "created beside" notes the plan prints before it counts the rest. */
const NOTES_LISTED = 10;

/** A record left beside a schema created on its page, which the files may have meant to rename. */
function besideNote(entry: DesiredSchema, record: SchemaRecord, source: string): string {
  return `Note: ${entry.url}  ${entry.schema_type} "${entry.schema_name}" is created beside #${record.id} ${record.schema_type} "${record.schema_name}", which nothing in ${source} matches; both stay. If it was renamed, push with --prune to update #${record.id} instead.`;
}

/** A partial pull's selection in words: `the pages https://x.dev/a/ and https://x.dev/b/`, `type Article`. */
function describeSelection(selection: Selection[]): string {
  return selection
    .map(({ urls, type }) =>
      [urls && `${urls.length === 1 ? 'the page' : 'the pages'} ${urls.join(', ')}`, type && `type ${type}`]
        .filter(Boolean)
        .join(', '),
    )
    .join('; ');
}

/** Which entry of the files (or record, or page's tags) a step is about, whatever its action. */
function stepKey(step: SchemaStep | TagStep): string {
  if ('kind' in step) return `${step.kind} ${urlIdentity(step.url)}`;
  return step.action === 'delete' ? `#${step.record.id}` : `schemas[${step.entry.index}]`;
}

/** Steps grouped by page (any spelling of its URL), in the order of each page's first step; stable within. */
function pagesOf(steps: Array<SchemaStep | TagStep>): Array<Array<SchemaStep | TagStep>> {
  const urlOf = (step: SchemaStep | TagStep) =>
    'kind' in step ? step.url : step.action === 'delete' ? step.record.url : step.entry.url;
  return [...Map.groupBy(steps, (step) => urlIdentity(urlOf(step))).values()];
}
