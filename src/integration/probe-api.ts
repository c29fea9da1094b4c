// The API is asked what it offers when the build starts, before any page is rendered, within a bound of
// its own: a wrong address or password fails in about a second, a hanging API in seconds, not minutes.
import type { Dispatcher } from 'undici';
import { createClient, type ProbeResult } from '../client/index.ts';
import { type ApiFailure, describeFailure, type FailureContext, failureOfProbe } from './failures.ts';
import { clientOptionsFor, type ResolvedOptions } from './options.ts';
import { userAgent } from './user-agent.ts';

/** The longest the probe may take, retries included. */
export const PROBE_BOUND_MS = 10_000;
/**
 * The probe's bound: 10 s, unless `timeoutMs` was set, which says how long the CMS may take to answer (a CMS
 * that takes 8 s an answer could otherwise never start a build): then two attempts of it.
 *
 * @example probeBoundFor(undefined) // 10000; probeBoundFor(60000) // 120000
 */
export function probeBoundFor(timeoutMsGiven: number | undefined): number {
  return timeoutMsGiven === undefined ? PROBE_BOUND_MS : Math.max(PROBE_BOUND_MS, 2 * timeoutMsGiven);
}

/** How often the log says it is still waiting. */
const WAITING_LINE_MS = 2_000;

/** What the probe found, and how many requests it took (the build's summary counts them). */
export type ProbeOutcome = (
  | {
      ok: true;
      probe: ProbeResult;
      /** The API's address in the form that answered: the build's client starts there (no second discovery). */
      api: string;
      /** Read as anyone after the credentials were refused (onFetchError "warn"), and already said so. */
      credentialsRefused?: true;
    }
  | { ok: false; failure: ApiFailure }
) & {
  requests: number;
};

/**
 * Probes the configured API, logging while it waits; never throws.
 *
 * @example const outcome = await probeApi(options, (line) => logger.info(line));
 */
export async function probeApi(
  options: ResolvedOptions,
  log: (line: string) => void,
  boundMs = PROBE_BOUND_MS,
  dispatcher?: Dispatcher,
): Promise<ProbeOutcome> {
  const perAttempt = Math.min(options.timeoutMs, Math.ceil(boundMs / 2));
  const client = createClient(
    clientOptionsFor({ ...options, timeoutMs: perAttempt, retries: Math.min(options.retries, 1) }, options, {
      dispatcher,
      userAgent: userAgent(),
    }),
  );
  const context: FailureContext = {
    api: client.baseUrl,
    username: options.username,
    credentialsFrom: options.credentialsFrom,
    timeoutMs: perAttempt,
    // Raising timeoutMs only helps where it is what bound the wait: say what the check gave each request.
    ...(perAttempt < options.timeoutMs && {
      slowHint: `the check before the build gives each request ${perAttempt / 1000} s; if the CMS needs longer, set schemaManager({ timeoutMs }) to what it needs, and the check waits that long (twice, at most)`,
    }),
  };
  const started = Date.now();
  const waiting = setInterval(() => {
    const seconds = Math.round((Date.now() - started) / 1000);
    log(`Waiting for the API at ${client.baseUrl} to answer (${seconds} s of at most ${boundMs / 1000} s)…`);
  }, WAITING_LINE_MS);
  try {
    const probe = await client.probe({ signal: AbortSignal.timeout(boundMs) });
    const failure = failureOfProbe(probe, context);
    const requests = client.stats().requests;
    return failure ? { ok: false, failure, requests } : { ok: true, probe, api: client.baseUrl, requests };
  } catch (error) {
    return { ok: false, failure: describeFailure(error, context), requests: client.stats().requests };
  } finally {
    clearInterval(waiting);
    await client.close();
  }
}

/**
 * What to tell a user whose `api` address reached the API only through discovery (`…/schemafy/v1` without
 * `/wp-json`, a typo in `wp-json`, another path): the address that answered, to set instead. Null when `api`
 * is a REST address in either form, or the site's own address, which discovery is meant for.
 *
 * @example addressNote('https://s.dev/wp-jsn/schemafy/v1', 'https://s.dev/index.php?rest_route=/schemafy/v1') // 'api is https://s.dev/wp-jsn/…'
 */
export function addressNote(configured: string, answered: string): string | null {
  const given = URL.parse(configured);
  if (!given) return null;
  given.username = '';
  given.password = '';
  const shown = given.href.replace(/\/+$/, '');
  if (/\/wp-json(\/|$)|[?&]rest_route=/.test(given.href)) return null;
  // The site's address (at its root, or a WordPress in a folder): discovery finds its REST root below it.
  if (answered.startsWith(`${shown}/`)) return null;
  return `api is ${shown}, which is no address of the API: it was found at ${answered}. Set api (or SCHEMA_MANAGER_API) to that address.`;
}
