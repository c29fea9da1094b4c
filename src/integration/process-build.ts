// The build pass, in the order data travels: built pages -> page URLs -> API answers -> tags and findings
// -> validation verdict -> rewritten files -> summary and report.
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegrationLogger } from 'astro';
import type { Dispatcher } from 'undici';
import type { PageFacts } from '../audit/index.ts';
import type { ProbeResult, SchemaClient } from '../client/index.ts';
import { describeSchema } from '../describe-schema.ts';
import { mapConcurrently } from '../map-concurrently.ts';
import { figure, plural } from '../plural.ts';
import { htmlReportParts, type ReportPage } from '../report/html-report.ts';
import { VOCABULARY } from '../validate/index.ts';
import { writeFileAtomically } from '../write-file-atomically.ts';
import { auditBuild, reportPages } from './audit-build.ts';
import { type BuildClient, startBuildClient } from './build-client.ts';
import { type CmsCoverage, cmsCoverage, notAPageFor, servedElsewhereFor } from './cms-coverage.ts';
import { buildStopped, describeFailure } from './failures.ts';
import { type FetchOutcome, fetchHeadData, indexHoldsAll, listingRights } from './fetch-head-data.ts';
import type { ResolvedOptions } from './options.ts';
import { cmsUrlFor, planContextFor } from './page-context.ts';
import { isEmpty, type PageData } from './page-data.ts';
import { type BuiltPage, isExcluded, listBuiltPages, type RouteInfo, type SiteLayout } from './pages.ts';
import type { Finding, PagePlan } from './plan-page.ts';
import type { ProbeOutcome } from './probe-api.ts';
import { throttledProgress } from './progress.ts';
import type { HeadIndex } from './read-index.ts';
import {
  auditErrorCount,
  auditFailureMessage,
  auditHint,
  type BuildResult,
  countSchemaTypes,
  coverageMessage,
  fetchFailureHints,
  fetchFailureMessage,
  listAuditFindings,
  listFindings,
  redirectsLeftMessage,
  shippedFindingsMessage,
  summaryLines,
  twinsMessage,
  validationFailureMessage,
  validationHint,
} from './report.ts';
import type { EarlyStager } from './stage-early.ts';
import { pageStager } from './stage-pages.ts';
import type { WriteResult } from './write-page.ts';

export interface BuildInput {
  options: ResolvedOptions;
  layout: SiteLayout;
  routes: RouteInfo[];
  /** Pathnames from astro:build:done. */
  pathnames: string[];
  /** Where the HTML files are (dist/, or dist/client/ in a server build). */
  outDir: URL;
  /** The project root, for a relative report path. */
  root: URL;
  /** Astro's cacheDir: the build cache lives in a folder of its own there. */
  cacheDir?: URL;
  /** Where requests go when recording or replaying a snapshot. */
  dispatcher?: Dispatcher | undefined;
  /** The build's client, made when the build started (with the index it may have read already). */
  build?: BuildClient | undefined;
  logger: AstroIntegrationLogger;
  /** What the API answered when the build started. */
  probe: ProbeOutcome;
  /** Pages planned and staged as Astro rendered them (their owner discards what is left of them). */
  early?: EarlyStager | undefined;
}

/**
 * Writes every built page's head from the API and validates it; throws an AstroError when the build must fail.
 */
export async function processBuild(input: BuildInput): Promise<BuildResult> {
  const started = performance.now();
  const { options, logger } = input;
  const outDir = fileURLToPath(input.outDir);
  const pages = listBuiltPages(input.pathnames, input.routes, input.layout).filter(
    (page) => !isExcluded(page.pathname, options.exclude) && existsSync(resolve(outDir, page.file)),
  );
  const cmsUrlOf = new Map(pages.map((page) => [page, cmsUrlFor(page, options)]));
  const build =
    input.build ??
    startBuildClient(options, input.probe.ok ? input.probe : null, input.cacheDir, input.dispatcher);
  const { client } = build;
  const context = planContextFor(options, input.layout);
  const intervalMs = options.progressIntervalSeconds * 1000;
  const progress = throttledProgress((line) => logger.info(line), intervalMs);
  const ahead = build.readAhead;
  // Pages asked as Astro rendered may still be coming in: say so while the pass waits for them.
  if (ahead)
    progress.watch(() => {
      const { asked, answered, failed } = ahead.counts();
      return `Waiting for the API: ${answered + failed}/${asked} pages answered, ${client.stats().requests} requests, ${failed} errors`;
    });
  // With remote validation a page's findings are not all known when its data arrives: stage after.
  const stager = pageStager(
    pages,
    cmsUrlOf,
    context,
    { outDir, options, early: !options.remoteValidate },
    await input.early?.settle(),
  );
  const toFetch = pages.filter((page) => !stager.isPlanned(page));
  const askedEarly = ahead?.counts().asked ?? 0;
  if (askedEarly > 0) logger.info(`${plural(askedEarly, 'page')} asked of the API as Astro rendered them.`);
  if (toFetch.length < pages.length)
    logger.info(
      `${plural(pages.length - toFetch.length, 'page')} planned and staged as Astro rendered them.`,
    );
  // Said only of pages the pass will ask the API about: not those the index read early answers, nor those
  // asked while Astro rendered, nor any when the API did not answer at start. The client's baseUrl never
  // carries a user:password part.
  const toAsk = input.probe.ok && !(await answeredByEarlyIndex(build, input.probe.probe)) ? toFetch : [];
  const asking = toAsk.filter((page) => !ahead?.has(cmsUrlOf.get(page) as string)).length;
  if (asking > 0)
    logger.info(`Reading schemas, meta and social tags for ${plural(asking, 'page')} from ${client.baseUrl}`);
  try {
    const outcome = await fetchAll(
      client,
      toFetch.map((page) => cmsUrlOf.get(page) as string),
      input,
      (line) => progress.update(line),
      (url, data) => stager.add(url, data),
      build,
    ).finally(() => progress.stop());
    for (const early of stager.adopted()) outcome.data.set(early.cmsUrl, early.data);
    await stager.settled();
    for (const note of [...build.notes, ...outcome.notes]) logger.warn(note);
    const coverage = outcome.index
      ? coverageOf(outcome.index, input, cmsUrlOf)
      : await sampleWhenNothingFound(client, input, outcome);
    const said = coverage && coverageMessage(coverage, [...cmsUrlOf.values()]);
    if (said) logger[said.level](said.text);
    else if (nothingForAnyPage(outcome))
      logger.warn(nothingForAnyPageText(outcome.data.size, client.baseUrl));
    const twins = coverage && twinsMessage(coverage);
    if (twins) logger.warn(twins);

    const fetchFailures = toFetch.flatMap((page) => {
      const failure = outcome.failures.get(cmsUrlOf.get(page) as string);
      return failure ? [{ page: page.url, ...failure }] : [];
    });
    if (fetchFailures.length > 0) {
      if (options.onFetchError === 'fail') {
        logger.error(fetchFailureMessage(fetchFailures));
        throw buildStopped(
          `The API could not answer for ${plural(fetchFailures.length, 'page')} (the cause is above).`,
          fetchFailureHints(fetchFailures),
        );
      }
      logger.warn(`${fetchFailureMessage(fetchFailures)}\nThese pages ship without API data.`);
    }

    const plans = stager.plans();
    const redirects = plans.filter((plan) => plan.redirect);
    if (redirects.length > 0) logger.info(redirectsLeftMessage(redirects.map((plan) => plan.cmsUrl)));
    if (options.remoteValidate) await addRemoteFindings(client, plans, outcome.data, options.concurrency);

    const findings = plans.flatMap((plan) => plan.findings);
    const errors = findings.filter((finding) => finding.severity === 'error');
    const result: BuildResult = {
      pages: pages.length,
      pagesWithSchemas: plans.filter((plan) => plan.schemaTypes.length > 0).length,
      pagesChanged: 0,
      schemasByType: countSchemaTypes(plans),
      tagsWritten: 0,
      jsonLdReplaced: 0,
      // The client is the build's own: everything it sent, early or not, is the pass's.
      requests: client.stats().requests,
      probeRequests: input.probe.requests,
      strategy: outcome.strategy,
      fetchFailures,
      findings,
      audit: [],
      vocabulary: options.validate === 'off' ? null : `Schema.org ${VOCABULARY.version}`,
      durationMs: 0,
      pageResults: [],
      cmsUrlsWithoutPage: coverage?.withoutPage ?? [],
    };

    if (errors.length > 0 && options.validate === 'error') {
      result.durationMs = performance.now() - started;
      await writeReport(input, result);
      // The warnings too: fixing the errors should not bring a second round of surprises.
      const warnings = findings.filter((finding) => finding.severity === 'warning');
      if (warnings.length > 0) logger.warn(`Schema warnings:\n${listFindings(warnings)}`);
      logger.error(validationFailureMessage(errors));
      throw buildStopped(
        `The build stopped on ${plural(errors.length, 'invalid schema finding')} (listed above); no page was changed.`,
        validationHint(errors),
      );
    }
    const shown = findings.filter((finding) => finding.severity !== 'info');
    if (shown.length > 0) logger.warn(shippedFindingsMessage(shown));

    const writing = throttledProgress((line) => logger.info(line), intervalMs);
    let writtenPages = 0;
    // What the audit reads of each page, taken as the page is staged: no page is read twice.
    const factsByFile = new Map<string, PageFacts>();
    const record = (plan: PagePlan, written: WriteResult) => {
      writtenPages++;
      writing.update(() => `${writtenPages}/${plans.length} pages written`);
      if (written.facts) factsByFile.set(plan.page.file, written.facts);
      if (written.changed) result.pagesChanged++;
      result.tagsWritten += written.written;
      result.jsonLdReplaced += written.jsonLdReplaced;
      result.pageResults.push({
        url: plan.page.url,
        cmsUrl: plan.cmsUrl,
        file: plan.page.file,
        schemas: plan.schemaTypes,
        changed: written.changed,
        tags: written.written,
        jsonLdReplaced: written.jsonLdReplaced,
      });
    };
    await stager.commit(record).finally(() => writing.stop());
    result.pageResults.sort((a, b) => a.file.localeCompare(b.file));

    let facts: PageFacts[] = [];
    if (options.audit) {
      const audit = await auditBuild({
        outDir,
        layout: input.layout,
        routes: input.routes,
        options,
        known: factsByFile,
      });
      result.audit = audit.findings;
      facts = audit.pages;
    }
    result.durationMs = performance.now() - started;
    for (const line of summaryLines(result)) logger.info(line);
    const records = (plan: PagePlan) => (plan.redirect ? [] : (outcome.data.get(plan.cmsUrl)?.schemas ?? []));
    const replaced = new Map(result.pageResults.map((page) => [page.file, page.jsonLdReplaced]));
    await writeReport(input, result, () => reportPages(facts, plans, records, result.audit, replaced));
    const auditErrors = result.audit.filter((finding) => finding.severity === 'error');
    const auditShown = result.audit.filter((finding) => finding.severity !== 'info');
    if (auditErrors.length > 0 && options.validate === 'error') {
      // The warnings too: fixing the errors should not be the first time they are seen.
      const auditWarnings = auditShown.filter((finding) => finding.severity !== 'error');
      if (auditWarnings.length > 0) logger.warn(`Site audit:\n${listAuditFindings(auditWarnings)}`);
      logger.error(auditFailureMessage(auditErrors));
      throw buildStopped(
        // The audit reads the pages as written: they are in dist/ with their new heads, and the failed build keeps
        // them from being deployed.
        `The site audit found ${auditErrorCount(auditErrors)} (listed above). The pages in ${relative(fileURLToPath(input.root), outDir) || '.'}/ carry their new heads; the build fails so that they are not deployed.`,
        auditHint(auditErrors),
      );
    }
    if (auditShown.length > 0) logger.warn(`Site audit:\n${listAuditFindings(auditShown)}`);
    return result;
  } catch (error) {
    // Every page written beside its file and not renamed over it goes: a stopped build changes nothing.
    await stager.discard();
    throw error;
  } finally {
    await client.close();
  }
}

/** What of the CMS's data is for no page of the build; pages served on demand or excluded count as pages. */
function coverageOf(
  index: HeadIndex,
  input: BuildInput,
  cmsUrlOf: Map<BuiltPage, string>,
): CmsCoverage | null {
  if (!input.probe.ok) return null;
  const served = servedElsewhereFor(input.layout, input.routes, input.options.exclude);
  const { canReadTags } = listingRights(input.probe.probe);
  const coverage = cmsCoverage(index, canReadTags, [...cmsUrlOf.values()], served);
  const notAPage = notAPageFor(input.layout, input.routes);
  const notPages = Object.fromEntries(
    coverage.withoutPage.flatMap((url) => {
      const kind = notAPage(url);
      return kind ? [[url, kind]] : [];
    }),
  );
  return Object.keys(notPages).length > 0 ? { ...coverage, notPages } : coverage;
}

/** Every page was read, and the CMS holds nothing any of them ships: a build that changes no page says so. */
function nothingForAnyPage(outcome: FetchOutcome): boolean {
  return outcome.data.size > 0 && outcome.failures.size === 0 && [...outcome.data.values()].every(isEmpty);
}

function nothingForAnyPageText(pages: number, api: string): string {
  return (
    `The API at ${api} holds no active schema, meta or social entry ${pages === 1 ? 'for the one page of this build: it ships as it is' : `for any of the ${figure(pages)} pages of this build: they ship as they are`}. ` +
    'Add head data for them in the CMS (or `astro-schema-manager push` it), or activate the schemas there; the summary below counts what was found.'
  );
}

/**
 * Page by page, the build cannot see what the CMS holds for no page. When no page got anything, one list
 * request shows whether the CMS holds schemas for another address: null when it holds none or holds them for
 * the site's own, the credentials may not list, or some page got data.
 */
async function sampleWhenNothingFound(
  client: SchemaClient,
  input: BuildInput,
  outcome: FetchOutcome,
): Promise<CmsCoverage | null> {
  if (!input.probe.ok || !listingRights(input.probe.probe).canListSchemas) return null;
  if (outcome.data.size === 0 || [...outcome.data.values()].some((data) => !isEmpty(data))) return null;
  try {
    const first = await client.schemas.list({ per_page: 1 });
    const record = first.items[0];
    // One record cannot show much: only an address the site does not use at all (its pages may be on demand).
    const origins = new Set([...outcome.data.keys()].map((url) => new URL(url).origin));
    if (!record || !URL.canParse(record.url) || origins.has(new URL(record.url).origin)) return null;
    return { held: first.total ?? 1, counted: 'schemas', withoutPage: [record.url] };
  } catch {
    return null; // Only a diagnosis: the build has said what failed already, if anything did.
  }
}

/** Whether the index read as the build started holds everything the pass needs (tags included, if readable). */
async function answeredByEarlyIndex(build: BuildClient, probe: ProbeResult): Promise<boolean> {
  const index = await build.earlyIndex;
  return !!index && indexHoldsAll(index, listingRights(probe).canReadTags);
}

/** Every page's API data, or, when the probe at build start failed, that one failure for every page. */
async function fetchAll(
  client: SchemaClient,
  urls: string[],
  input: BuildInput,
  progress: (line: () => string) => void,
  onData: (url: string, data: PageData) => void,
  /** What the build asked while Astro rendered: the index, or the pages read ahead. */
  early: Pick<BuildClient, 'earlyIndex' | 'earlyListingFailed' | 'readAhead'>,
): Promise<FetchOutcome> {
  const { options, probe } = input;
  if (!probe.ok) {
    const { cause, header, hint } = probe.failure;
    const failure = { cause, message: header, hint };
    return {
      data: new Map(),
      failures: new Map(urls.map((url) => [url, failure])),
      strategy: 'per-page',
      requests: 0,
      notes: [],
      index: null,
    };
  }
  const context = {
    api: client.baseUrl,
    username: options.username,
    credentialsFrom: options.credentialsFrom,
    timeoutMs: options.timeoutMs,
  };
  return fetchHeadData(client, urls, {
    strategy: options.strategy,
    probe: probe.probe,
    describe: (error) => describeFailure(error, context),
    concurrency: options.concurrency,
    onData,
    earlyIndex: early.earlyIndex,
    earlyListingFailed: (await early.earlyListingFailed) ?? false,
    readAhead: early.readAhead,
    capabilitySaid: probe.credentialsRefused ?? false,
    onProgress: ({ done, total, requests, errors }) =>
      progress(() => `${done}/${total} pages fetched, ${requests} requests, ${errors} errors`),
  });
}

/** Asks the API's own POST /validate about every schema, and files its answers as findings. */
async function addRemoteFindings(
  client: SchemaClient,
  plans: PagePlan[],
  data: Map<string, PageData>,
  concurrency: number,
): Promise<void> {
  const jobs = plans.flatMap((plan) =>
    (plan.redirect ? [] : (data.get(plan.cmsUrl)?.schemas ?? []))
      .filter((record) => record.data !== null)
      .map((record) => ({ plan, record })),
  );
  await mapConcurrently(jobs, concurrency, async ({ plan, record }) => {
    const answer = await client.validate({ schema_data: record.schema_data });
    const add = (severity: Finding['severity'], issue: { path: string; code: string; message: string }) =>
      plan.findings.push({
        severity,
        code: `remote:${issue.code}`,
        page: plan.page.url,
        schema: describeSchema(record),
        path: issue.path,
        message: issue.message,
      });
    for (const issue of answer.errors) add('error', issue);
    for (const issue of answer.warnings) add('warning', issue);
  });
}

/** The report file: JSON, or one self-contained HTML page when its name ends in .html. */
async function writeReport(
  input: BuildInput,
  result: BuildResult,
  pages: () => ReportPage[] = () => [],
): Promise<void> {
  if (!input.options.report) return;
  const path = resolve(fileURLToPath(input.root), input.options.report);
  writeFileAtomically(
    path,
    /\.html?$/i.test(path)
      ? htmlReportParts({
          source: 'astro build',
          generatedAt: new Date(),
          vocabulary: result.vocabulary,
          pages: pages(),
          siteFindings: result.audit,
        })
      : `${JSON.stringify(result, null, 2)}\n`,
  );
  input.logger.info(`Report written to ${path}`);
}
