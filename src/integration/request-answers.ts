// What the request-time pass knows per page: the API's answer and the plan made from it (tags, findings), kept
// in a page-data cache so a view costs at most one round of requests per TTL, never waits on the API past its
// budget, and gets the last good answer when the API is down. One set per runtime config: a dev server restart
// with new options starts afresh.
import { createClientWith, type SchemaClient } from '../client/create-client.ts';
import { ApiError, CLIENT_ERROR_CODES } from '../client/errors.ts';
import type { ProbeResult } from '../client/probe.ts';
import { createFetchSender } from '../client/send-fetch.ts';
import { urlIdentity, urlVariants } from '../url-forms.ts';
import { foldMissingFields } from '../validate/index.ts';
import { capabilityNote } from './capability-note.ts';
import { groupedLog } from './grouped-log.ts';
import { clientOptionsFor } from './options.ts';
import { CMS_URL_HINT, mapToCmsUrl, planContextFor } from './page-context.ts';
import type { PageData } from './page-data.ts';
import { type CachedAnswer, createPageDataCache } from './page-data-cache.ts';
import { type PagePlan, planPage } from './plan-page.ts';
import { type PageReader, pageReader } from './read-page-data.ts';
import { findingKey, findingLine, formatFinding, schemaOf, schemasLabel } from './report.ts';
import { RequestNotSentError, requestLimit } from './request-limit.ts';
import type { RequestLogger, RuntimeConfig } from './runtime-config.ts';

/** How long what the server can do is trusted before it is asked again. */
const PROBE_TTL_MS = 60_000;
/** The longest a request-time load may run on after its view gave up, to fill the cache for the next view. */
const LOAD_TIMEOUT_MS = 10_000;

export interface PageAnswer {
  cmsUrl: string;
  data: PageData;
  plan: PagePlan;
}

export interface PageRef {
  /** The page's public URL (the cache key). */
  url: string;
  /** Its path after `base`. */
  pathname: string;
}

export interface RequestAnswers {
  answer(page: PageRef): Promise<CachedAnswer<PageAnswer>>;
  /**
   * Says, once per page while the API stays down, why a page served with `answer`'s result got no fresh
   * answer. Called by whoever uses the answer: a head left as it was (written before) needs none.
   */
  sayWhyNot(page: PageRef, answer: CachedAnswer<PageAnswer>): void;
  /** Where a page is kept in the CMS; null when the `cmsUrl` option fails for it. */
  cmsUrlOf(pageUrl: string): string | null;
  /** Asks the API's capabilities now, before any page needs them (`astro dev` starting): failures are said later. */
  warm(): void;
  /** Ends the client's connections (a dev server restart makes a new set). */
  close(): Promise<void>;
}

export interface AnswerSettings {
  config: RuntimeConfig;
  credentials: { username?: string | undefined; password?: string | undefined };
  logger: () => RequestLogger;
}

/**
 * @example
 * const answers = requestAnswers({ config, credentials, logger: sharedLogger });
 * const { value } = await answers.answer({ url: 'https://www.example.com/a/', pathname: '/a/' });
 */
export function requestAnswers({ config, credentials, logger }: AnswerSettings): RequestAnswers {
  const { options, layout } = config;
  // A view waits a second at most: one retry is all that fits, and a request may not outlive the load.
  // Through the runtime's own fetch, here in Node too: adapters bundle this pass for edge runtimes (Vercel's,
  // Netlify's, workerd), where undici and Node's modules cannot be loaded or even bundled.
  // At most `concurrency` requests in flight, as in the build: fetch has no pool to bound them, and a burst of
  // views of pages not yet cached (a crawler, or a visitor naming random addresses on a catch-all route) sent
  // three or more requests each to the CMS at once (300 views made 785 at once). It tells each load whether its
  // requests waited their turn here or the API held them past the budget: only the latter blames the API.
  const limit = requestLimit(options.concurrency, options.requestBudgetMs);
  const sender = limit.senders(createFetchSender);
  const clientWith = (given: AnswerSettings['credentials']) =>
    createClientWith(
      clientOptionsFor(
        {
          ...options,
          retries: Math.min(options.retries, 1),
          timeoutMs: Math.min(options.timeoutMs, LOAD_TIMEOUT_MS),
        },
        given,
        { userAgent: config.userAgent },
      ),
      sender,
    );
  const client = clientWith(credentials);
  // For the public schemas while the credentials are refused: made when first needed.
  let anonymous: { client: SchemaClient; read: PageReader } | undefined;
  const context = planContextFor(options, layout);
  const probe = probeEvery(client, PROBE_TTL_MS);
  const readers = new Map<boolean, PageReader>();
  const log = logOnce(options.requestCacheMaxPages, logger);
  // A cause standing on many pages at once (a burst of views, a crawler, a template's mistake) is one line.
  const pageLines = groupedLog(logger);
  const pathnames = new Map<string, string>();
  // Failures of the probe, which every page's load asks first: the API's failure, not a page's.
  const probeFailures = new WeakSet<object>();

  const cache = createPageDataCache<PageAnswer>({
    ttlMs: options.requestCacheTtlSeconds * 1000,
    max: options.requestCacheMaxPages,
    budgetMs: options.requestBudgetMs,
    loadTimeoutMs: Math.max(options.requestBudgetMs, LOAD_TIMEOUT_MS),
    // A request that waited its turn here until its load gave up never reached the API.
    blames: (error) => !(error instanceof RequestNotSentError),
    newKeysPerMinute: options.requestNewPagesPerMinute,
    onOpen: (error, cooldownMs) =>
      logger().warn(
        `the API failed repeatedly (${messageOf(error)}): it is asked again once every ${cooldownMs / 1000} s; until it answers, pages get their last good head data, or none.`,
      ),
    onRecover: (outageMs) =>
      logger().info(
        `the API answers again after ${Math.round(outageMs / 1000)} s; pages get fresh head data.`,
      ),
    load: async (url, signal, report) => {
      limit.watch(signal, report);
      const cmsUrl = mapToCmsUrl(url, options.cmsUrl);
      const found = await probe(signal).catch((error: unknown) => {
        if (isCredentialsRefusal(error)) return error;
        if (typeof error === 'object' && error !== null) probeFailures.add(error);
        throw error;
      });
      log('', 'failure', '', () => {});
      let data: PageData;
      if (found instanceof ApiError) {
        // A page keeps its public schemas while the password is wrong or revoked (a build stops, unless 'warn').
        const refusal = /[.!?]$/.test(found.message) ? found.message : `${found.message}.`;
        log('', 'credentials', refusal, (say) =>
          say.warn(
            `${refusal} Until the credentials are accepted, pages get only their public schemas (/schemas-by-url), without meta or social tags.`,
          ),
        );
        anonymous ??= (() => {
          const reader = clientWith({});
          return { client: reader, read: pageReader(reader, false) };
        })();
        data = await anonymous.read(cmsUrl, signal).catch((error: unknown) => {
          // A site that lets no one read anonymously: the refusal is the cause to name, not "give credentials".
          throw error instanceof ApiError && (error.status === 401 || error.status === 403) ? found : error;
        });
      } else {
        log('', 'credentials', '', () => {});
        const note = capabilityNote(found);
        // Once for the process (key and content fixed): the build says it once too.
        if (note) log('', 'capability', note, (say) => say.info(note));
        const canReadTags = found.canManageOptions && found.routes.meta && found.routes.social;
        const read = readers.get(canReadTags) ?? pageReader(client, canReadTags);
        readers.set(canReadTags, read);
        data = await read(cmsUrl, signal);
      }
      const page = { file: '', url, pathname: pathnames.get(url) ?? new URL(url).pathname };
      const plan = planPage(page, cmsUrl, data, context, { documents: config.command === 'dev' });
      // Compared without the address: `/p` and `/p/` show one page's findings, said once for both.
      // A node's absent fields in one line: a bare Product would print seven on every view.
      const shown = foldMissingFields(
        plan.findings.filter((finding) => finding.severity !== 'info'),
        schemaOf,
      );
      const said = shown.map((finding) => formatFinding({ ...finding, page: '' }));
      log(samePage(url), 'findings', said.join('\n'), () => {
        for (const finding of shown) {
          pageLines.say({
            // At the level the build would give it: an error is an error where it would fail the build.
            level: finding.severity === 'error' && options.validate === 'error' ? 'error' : 'warn',
            page: finding.page,
            // As the build groups them: a CMS template's mistake in every page's own record is one line.
            cause: findingKey(finding),
            subject: finding.schema ?? undefined,
            line: (pages, schemas) => findingLine({ ...finding, schema: schemasLabel(schemas) }, pages),
          });
        }
      });
      log(url, 'failure', '', () => {});
      return { cmsUrl, data, plan };
    },
  });

  // Answers whose reason `answer` itself said (a cmsUrl that fails for the page).
  const saidAlready = new WeakSet<CachedAnswer<PageAnswer>>();

  return {
    cmsUrlOf(pageUrl) {
      try {
        return mapToCmsUrl(pageUrl, options.cmsUrl);
      } catch {
        return null;
      }
    },
    warm() {
      // A failure now is the first view's to say, as it would be without this.
      probe(AbortSignal.timeout(LOAD_TIMEOUT_MS)).catch(() => {});
    },
    close: async () => {
      pageLines.flush();
      await Promise.all([client.close(), anonymous?.client.close()]);
    },
    async answer(page) {
      // A cmsUrl option that fails for a page is the site's mistake, not the API's: said once per page, and
      // never counted against the API (which would stop asking it for every page).
      try {
        mapToCmsUrl(page.url, options.cmsUrl);
      } catch (error) {
        const message = (error as Error).message;
        log(page.url, 'failure', message, (say) =>
          say.warn(`${page.url}: ${message} ${CMS_URL_HINT} It is served without head data.`),
        );
        const unmapped: CachedAnswer<PageAnswer> = { value: null, source: 'none', reason: 'error', error };
        saidAlready.add(unmapped);
        return unmapped;
      }
      pathnames.set(page.url, page.pathname);
      if (pathnames.size > options.requestCacheMaxPages)
        pathnames.delete(pathnames.keys().next().value as string);
      return cache.get(page.url);
    },
    sayWhyNot(page, answer) {
      // While the breaker is open, the outage's one line says what every page gets: none is named on its own.
      if (answer.source === 'fresh' || answer.reason === 'circuit-open' || saidAlready.has(answer)) return;
      const why = whyNot(answer, options);
      if (!why) return;
      // A failed probe fails every page alike: said once for all while it fails the same way.
      if (typeof answer.error === 'object' && answer.error !== null && probeFailures.has(answer.error)) {
        log('', 'failure', why, (say) =>
          say.warn(
            `the API failed (${why}); until it answers, pages get their last good head data, or none.`,
          ),
        );
        return;
      }
      // Said once per page while its loads fail (in the words of the first failure), not on every view, nor
      // each time the cause seems to change: an API that hangs is a timeout, then "left alone" while the
      // breaker is open, then a timeout again at each retry. A load that succeeds ends it.
      const served = answer.value ? 'its last good head data is served' : 'served without head data';
      log(page.url, 'failure', `failing ${answer.source}`, () =>
        pageLines.say({
          level: 'warn',
          page: page.url,
          cause: `${why}\n${served}`,
          line: (pages) => `${pages}: ${why}; ${served}.`,
        }),
      );
    },
  };
}

/** Why a view did not get a fresh answer, or null when it was simply served from a stale entry. */
export function whyNot(
  answer: CachedAnswer<PageAnswer>,
  options: Pick<RuntimeConfig['options'], 'requestBudgetMs' | 'concurrency' | 'requestNewPagesPerMinute'>,
): string | null {
  if (answer.source === 'fresh' || !answer.reason) return null;
  if (answer.reason === 'timeout') return `the API did not answer within ${options.requestBudgetMs} ms`;
  if (answer.reason === 'busy')
    return `its requests waited for a turn among the ${options.concurrency} in flight to the API (concurrency) past the ${options.requestBudgetMs} ms budget: the API was busy with other pages' requests`;
  if (answer.reason === 'capped')
    return `more than ${options.requestNewPagesPerMinute} pages not seen before were asked for within a minute (requestNewPagesPerMinute): the API was not asked`;
  if (answer.reason === 'circuit-open') return 'the API failed repeatedly and is left alone for a while';
  return messageOf(answer.error);
}

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error ?? 'unknown error');

/**
 * The probe, asked once per `ttlMs` rather than once per page. Once it answered, loads go on with that answer
 * while a new one is asked in the background: a load never waits on a probe that may queue behind a burst of
 * other pages' requests (which would count its view's wait against the API). A probe that failed is asked again
 * next time, unless it refused the credentials: a password is not fixed in seconds, and asking again cost every
 * view a round of requests.
 */
function probeEvery(client: SchemaClient, ttlMs: number): (signal: AbortSignal) => Promise<ProbeResult> {
  type Probe = { at: number; answer: Promise<ProbeResult>; answered: boolean };
  let probe: Probe | undefined;
  let refreshing = false;
  const ask = (signal: AbortSignal): Probe => {
    const asked: Probe = { at: Date.now(), answer: client.probe({ signal }), answered: false };
    asked.answer.then(
      () => {
        asked.answered = true;
      },
      () => {},
    );
    return asked;
  };
  return (signal) => {
    if (probe && Date.now() - probe.at > ttlMs) {
      if (!probe.answered) probe = undefined;
      else if (!refreshing) {
        refreshing = true;
        const next = ask(AbortSignal.timeout(LOAD_TIMEOUT_MS));
        next.answer
          .then(
            () => {
              probe = next;
            },
            (error: unknown) => {
              // A revoked password is the answer now; any other failure keeps the last answer until the next try.
              if (isCredentialsRefusal(error)) probe = next;
            },
          )
          .finally(() => {
            refreshing = false;
          });
      }
    }
    if (!probe) {
      const current = ask(signal);
      probe = current;
      current.answer.catch((error: unknown) => {
        if (probe === current && !isCredentialsRefusal(error)) probe = undefined;
      });
    }
    return probe.answer;
  };
}

const SHARED_ANSWERS = Symbol.for('astro-schema-manager.request-answers');

/**
 * The process's answers for these options and credentials, made afresh (the old ones closed) when either changes:
 * kept on `globalThis` because `astro dev` runs the middleware in a module instance of its own, and the
 * integration warms the same answers when the server starts.
 *
 * @example const answers = sharedAnswers({ config, credentials, logger: sharedLogger });
 */
export function sharedAnswers(settings: AnswerSettings): RequestAnswers {
  const holder = globalThis as Record<
    symbol,
    { config: RuntimeConfig; key: string; answers: RequestAnswers }
  >;
  const { config, credentials } = settings;
  const key = `${credentials.username ?? ''}\n${credentials.password ?? ''}`;
  const current = holder[SHARED_ANSWERS];
  if (current?.config === config && current.key === key) return current.answers;
  void current?.answers.close().catch(() => {});
  const answers = requestAnswers(settings);
  holder[SHARED_ANSWERS] = { config, key, answers };
  return answers;
}

/** The probe's failure when the server answered the credentials as it answers anyone, or refused them. */
function isCredentialsRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === CLIENT_ERROR_CODES.credentialsNotAccepted;
}

/** One key for a page's addresses: with and without its trailing slash, in any spelling of its escapes. */
function samePage(url: string): string {
  return urlVariants(url).map(urlIdentity).sort()[0]!;
}

/**
 * Logs a message for a page and topic only when it differs from the last one logged for them, so 5 reloads of a
 * page with one finding log it once, and a change in the CMS logs again. Bounded like the page cache.
 */
function logOnce(
  max: number,
  logger: () => RequestLogger,
): (page: string, topic: string, content: string, say: (logger: RequestLogger) => void) => void {
  const last = new Map<string, string>();
  return (page, topic, content, say) => {
    const key = `${topic}\n${page}`;
    if ((last.get(key) ?? '') === content) return;
    last.delete(key);
    last.set(key, content);
    if (last.size > 2 * max) last.delete(last.keys().next().value as string);
    if (content) say(logger());
  };
}
