// Why the API could not be used, said once per cause: a header naming what happened and a hint naming what to
// change. The build stops with an AstroError that carries no stack trace: a verdict is not a crash.
import { AstroError } from 'astro/errors';
import {
  ApiError,
  CLIENT_ERROR_CODES,
  type CredentialsSituation,
  credentialsHint,
  REFUSED_IN_WORDS,
  statusAndCode,
} from '../client/errors.ts';
import type { ProbeResult } from '../client/probe.ts';

export type FailureCause =
  | 'unreachable'
  | 'timeout'
  | 'not-this-api'
  | 'credentials-refused'
  | 'missing-capability'
  | 'server-error'
  | 'other';

export interface ApiFailure {
  cause: FailureCause;
  /** What happened, in one line. */
  header: string;
  /** What to change. */
  hint: string;
}

export interface FailureContext {
  /** The API address as shown (never with credentials). */
  api: string;
  username?: string | undefined;
  /** Where the credentials were given (see ResolvedOptions), for the hint about refused ones. */
  credentialsFrom?: string | undefined;
  timeoutMs: number;
  /** What to do about a slow CMS, where raising `timeoutMs` as it is would not be the answer. */
  slowHint?: string;
}

const SHIP_ANYWAY =
  'To ship the pages without API data instead, set schemaManager({ onFetchError: "warn" }).';

interface NotAcceptedDetails {
  refusal: { status: number; code: string; message: string } | null;
  situation: CredentialsSituation;
}

/** How the server refused: its own status, code and words when it said them, else that it saw no login. */
function refusal(error: ApiError | undefined): { said: boolean; text: string } {
  const said =
    error?.code === CLIENT_ERROR_CODES.credentialsNotAccepted
      ? (error.details as NotAcceptedDetails | null)?.refusal
      : error && { status: error.status, code: error.code, message: error.serverMessage };
  return said
    ? { said: true, text: `it answered ${said.status} ${said.code}: ${said.message}` }
    : { said: false, text: 'it answered as to an anonymous visitor' };
}

function credentialsRefused(context: FailureContext, error?: ApiError): ApiFailure {
  const refused = refusal(error);
  // The probe's reading of the site (its REST index) when there was one; else what the address and the answer say.
  const situation =
    (error?.code === CLIENT_ERROR_CODES.credentialsNotAccepted
      ? (error.details as NotAcceptedDetails | null)?.situation
      : undefined) ??
    ({
      plainHttp: context.api.startsWith('http:'),
      refusedInWords: error !== undefined && REFUSED_IN_WORDS.has(error.code),
    } satisfies CredentialsSituation);
  return {
    cause: 'credentials-refused',
    header: `The API at ${context.api} did not accept the credentials of user "${context.username}" (${refused.text}).`,
    hint: `${capitalize(sentence(credentialsHint(situation, context.credentialsFrom ?? 'SCHEMA_MANAGER_USER and SCHEMA_MANAGER_PASSWORD')))}`,
  };
}

/** A header ending in a server's message: its own full stop, not a second one ("logged in.."). */
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * What WordPress said of a failure, as text (its critical-error message comes as HTML), short: a web server's
 * page is no message of WordPress's.
 */
function serverWords(error: ApiError): string {
  if (error.code === CLIENT_ERROR_CODES.htmlResponse || !error.serverMessage) return '';
  const text = error.serverMessage
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text ? `: ${text.length > 200 ? `${text.slice(0, 200)}…` : text}` : '';
}

function notThisApi(context: FailureContext, detail: string, hint: string | null): ApiFailure {
  // The client's message says the same words before its reason: only the reason is added here.
  const reason = detail.replace(/^no Schema Management API answers at \S+: /, '');
  return {
    cause: 'not-this-api',
    header: sentence(`No Schema Management API answers at ${context.api}: ${reason}`),
    // The client names the integration's settings (options.ts: optionNames).
    hint: hint
      ? capitalize(sentence(hint))
      : 'Set the api option (or SCHEMA_MANAGER_API) to <site>/wp-json/<namespace>/v1, the address the plugin shows, and check that the plugin and its REST API are active.',
  };
}

/**
 * The cause of a failed call, with its header and hint.
 *
 * @example describeFailure(error, { api, username: 'ed', timeoutMs: 30000 }).header
 */
export function describeFailure(error: unknown, context: FailureContext): ApiFailure {
  if (!(error instanceof ApiError)) {
    return {
      cause: 'other',
      header: `The API at ${context.api} failed: ${messageOf(error)}`,
      hint: SHIP_ANYWAY,
    };
  }
  const said = `${statusAndCode(error)}: ${error.serverMessage}`;
  // A web page at 401 or 403 is the web server's or a firewall's refusal, before WordPress: not the
  // credentials WordPress refused, nor a capability the user lacks.
  if (error.code === CLIENT_ERROR_CODES.htmlResponse && (error.status === 401 || error.status === 403)) {
    return {
      cause: 'other',
      header: sentence(
        `The web server in front of the API at ${context.api} refused ${error.operation} (${said})`,
      ),
      hint: `${error.hint ? capitalize(sentence(error.hint)) : ''} ${SHIP_ANYWAY}`.trim(),
    };
  }
  if (error.code === CLIENT_ERROR_CODES.credentialsNotAccepted) return credentialsRefused(context, error);
  if (error.status === 401 && context.username !== undefined) return credentialsRefused(context, error);
  if (error.code === CLIENT_ERROR_CODES.notThisApi)
    return notThisApi(context, error.serverMessage, error.hint);
  if (error.code === CLIENT_ERROR_CODES.notRecorded) {
    return {
      cause: 'other',
      header: `The snapshot being replayed has no answer for ${error.method} ${error.url}.`,
      hint: `${error.hint} Or build with the API and no snapshot option.`,
    };
  }
  if (error.code === CLIENT_ERROR_CODES.networkError) {
    return {
      cause: 'unreachable',
      header: sentence(`The API at ${context.api} cannot be reached: ${error.serverMessage}`),
      // The client's hint names the cause it can tell (an untrusted certificate, plain http on an https port),
      // and the integration's settings (options.ts: optionNames).
      hint: `${capitalize(sentence(error.hint ?? 'check the host and port in the api option (or SCHEMA_MANAGER_API), and that the CMS is up and reachable from this machine'))} ${SHIP_ANYWAY}`,
    };
  }
  if (error.code === CLIENT_ERROR_CODES.timeout || error.code === CLIENT_ERROR_CODES.aborted) {
    return {
      cause: 'timeout',
      header: `The API at ${context.api} did not answer in time.`,
      hint: `Check that the CMS is up; ${context.slowHint ?? `if it is only slow, raise schemaManager({ timeoutMs }) (now ${context.timeoutMs})`}. ${SHIP_ANYWAY}`,
    };
  }
  if (error.status === 403) {
    return {
      cause: 'missing-capability',
      header: `User "${context.username ?? '(none)'}" may not do ${error.operation} on ${context.api} (${said}).`,
      hint: `${error.hint ?? 'Use an account with the capability.'} Schemas need edit_posts, meta and social tags manage_options; strategy: "per-page" needs neither.`,
    };
  }
  if (error.status !== null && error.status >= 500) {
    return {
      cause: 'server-error',
      // Not "after N retries": a Retry-After longer than retries wait for (maintenance mode) makes none.
      header: sentence(
        `The API at ${context.api} failed with ${error.status} ${error.code}${serverWords(error)}`,
      ),
      hint: `${error.hint ? `${capitalize(sentence(error.hint))} ` : 'The CMS is failing; look at its error log and try again later. '}${SHIP_ANYWAY}`,
    };
  }
  if (error.code === CLIENT_ERROR_CODES.redirect) {
    return {
      cause: 'other',
      header: sentence(
        `The API at ${context.api} answered with a redirect (${error.status ?? 'no status'}): ${error.serverMessage}`,
      ),
      hint: error.hint ?? SHIP_ANYWAY,
    };
  }
  if (
    error.code === CLIENT_ERROR_CODES.htmlResponse ||
    (error.status === 404 && error.code === 'rest_no_route')
  ) {
    return notThisApi(context, said, null);
  }
  return {
    cause: 'other',
    header: sentence(`The API at ${context.api} refused ${error.operation}: ${said}`),
    hint: error.hint ?? SHIP_ANYWAY,
  };
}

/**
 * Whether a failed call says the API is gone rather than that one request failed: no connection, no answer in
 * time, or the web server in front of WordPress saying it cannot reach PHP (502, 503, 504: PHP-FPM down; a 500
 * may be one record's), each after the client's retries. A build stops asking page by page after a few of these
 * in a row: with PHP-FPM down, 300 pages spent 3,600 requests and five minutes on it.
 */
export function isApiGone(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === CLIENT_ERROR_CODES.networkError || error.code === CLIENT_ERROR_CODES.timeout)
    return true;
  return error.status === 502 || error.status === 503 || error.status === 504;
}

/** A probe that answered, but not as this API, or not to these credentials. */
export function failureOfProbe(probe: ProbeResult, context: FailureContext): ApiFailure | null {
  if (!Object.values(probe.routes).some(Boolean))
    return notThisApi(context, 'none of its routes exist', null);
  if (context.username !== undefined && !probe.authenticated) return credentialsRefused(context);
  return null;
}

/**
 * The error that stops the build: a short message and a hint, and no stack trace (Astro prints one
 * whenever an error has a stack, and this is a verdict about the site, not a fault in the code).
 */
export function buildStopped(message: string, hint: string): AstroError {
  const error = new AstroError(message, hint);
  error.name = 'astro-schema-manager';
  error.stack = '';
  // Astro replaces the hint of any error whose text contains "document" or "window" with its own "Browser APIs
  // are not available on the server" (it reads `String(error)`): a server's page quoted in the message ("the
  // document requested") lost the hint that says what to do.
  Object.defineProperty(error, 'toString', { value: () => error.name, enumerable: false });
  return error;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
