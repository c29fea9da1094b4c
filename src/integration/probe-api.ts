// The API is asked what it offers when the build starts, before any page is rendered, within a bound of
// its own: a wrong address or password fails in about a second, a hanging API in seconds, not minutes.
import type { Dispatcher } from 'undici';
import { createClient, type ProbeResult } from '../client/index.ts';
import { type ApiFailure, describeFailure, type FailureContext, failureOfProbe } from './failures.ts';
import { clientOptionsFor, type ResolvedOptions } from './options.ts';
import { userAgent } from './user-agent.ts';

/** The longest the probe may take, retries included. */
export const PROBE_BOUND_MS = 10_000;
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
    timeoutMs: perAttempt,
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
