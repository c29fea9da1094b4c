// One error class for every failure, with a stable code and a hint naming the usual cause.

import { plural } from '../plural.ts';
import { GET_REDIRECT_LIMIT } from './exchange.ts';
import { OPERATIONS, type OperationName } from './operations.ts';
import type { Redactor } from './redact.ts';
import { isRepeatable } from './retry-policy.ts';

/** Codes the client itself gives; other codes are the server's own (`rest_forbidden`, `not_found`, ...). */
export const CLIENT_ERROR_CODES = {
  timeout: 'timeout',
  aborted: 'aborted',
  networkError: 'network_error',
  responseTooLarge: 'response_too_large',
  htmlResponse: 'html_response',
  invalidJson: 'invalid_json',
  invalidResponse: 'invalid_response',
  insecureAuth: 'insecure_auth',
  invalidOptions: 'invalid_options',
  /** An argument that no request could answer (an id that is not a positive integer). */
  invalidArgument: 'invalid_argument',
  redirect: 'redirect',
  pageLimit: 'page_limit',
  httpError: 'http_error',
  /** Something answered at the address, but not this API (a website, a CDN page, an inactive plugin). */
  notThisApi: 'not_this_api',
  /** Credentials were sent and the server answered as to an anonymous visitor (WordPress's way of refusing them). */
  credentialsNotAccepted: 'credentials_not_accepted',
  /** Replaying recorded answers, and this request was never recorded. */
  notRecorded: 'not_recorded',
  /** An answer that is not what its Content-Encoding says (compressed twice, or labelled and sent plain). */
  undecodable: 'undecodable_response',
} as const;

/** The detail of a redirect to another origin (scheme or host) than the one the call was made to. */
export const REDIRECT_ELSEWHERE = 'another origin';
/** The detail of a redirect back to the address asked, or round a loop. */
export const REDIRECT_LOOPS = 'a loop';

export interface ApiErrorInit {
  status: number | null;
  code: string;
  /** The server's message, or the client's when the server said nothing usable. */
  serverMessage: string;
  operation: string;
  method: string;
  /** Without credentials. */
  url: string;
  hint: string | null;
  details?: unknown;
  /**
   * Applied to everything the server may have written (`serverMessage`, `code`, `details`) before any other
   * field, the message or the stack is built from them; the transport passes its credentials' redactor.
   */
  redact?: Redactor;
}

/** Longest server-written code and message an ApiError keeps: past them a line of a build log was megabytes. */
const MAX_CODE = 200;
const MAX_SERVER_MESSAGE = 2000;

/** `text` cut at `max` characters (never inside a surrogate pair), saying how much was left out. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\ud800-\udbff]/.test(text[max - 1]!) ? max - 1 : max;
  return `${text.slice(0, end)}… (${plural(text.length - end, 'more character')})`;
}

/**
 * A failed call: what the server said (`status`, `code`, `serverMessage`), where (`operation`, `method`,
 * `url`, never with credentials) and a `hint` at the usual cause.
 *
 * @example
 * try { await client.schemas.get(9) } catch (e) { if (e instanceof ApiError && e.code === 'not_found') ... }
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number | null;
  readonly code: string;
  readonly serverMessage: string;
  readonly operation: string;
  readonly method: string;
  readonly url: string;
  readonly hint: string | null;
  /** `data.params` of a WordPress error (which fields were wrong), when sent. */
  readonly details: unknown;

  constructor(init: ApiErrorInit) {
    const redact = init.redact;
    // Redacted first, then cut: a cut never shows more of a credential than the redaction left.
    const code = clip(redact ? redact.text(init.code) : init.code, MAX_CODE);
    const serverMessage = clip(
      redact ? redact.text(init.serverMessage) : init.serverMessage,
      MAX_SERVER_MESSAGE,
    );
    const where = whereOf({ ...init, code });
    super(`${init.operation}: ${serverMessage} (${where})${init.hint ? `. Hint: ${init.hint}` : ''}`);
    this.status = init.status;
    this.code = code;
    this.serverMessage = serverMessage;
    this.operation = init.operation;
    this.method = init.method;
    this.url = init.url;
    this.hint = init.hint;
    this.details = (redact ? redact.value(init.details) : init.details) ?? null;
  }

  toJSON(): Record<string, unknown> {
    const { name, message, status, code, serverMessage, operation, method, url, hint, details } = this;
    return { name, message, status, code, serverMessage, operation, method, url, hint, details };
  }
}

/** How messages name the settings they advise changing (a CLI says `--api` where the client says `baseUrl`); null for one that cannot be set. */
export interface OptionNames {
  baseUrl: string;
  timeoutMs: string | null;
  totalTimeoutMs: string | null;
  maxResponseBytes: string | null;
  credentials: string;
  allowInsecureAuth: string | null;
}

export interface HintContext {
  status: number | null;
  code: string;
  operation: string;
  /** The request's method: reads follow redirects, writes do not. */
  method: string;
  hasCredentials: boolean;
  timeoutMs: number;
  totalTimeoutMs: number;
  /** Whether a timeout was the call's total bound rather than one attempt's. */
  totalBoundPassed: boolean;
  maxResponseBytes: number;
  /** How the settings are named to whoever reads the message. */
  names: OptionNames;
  /** A network failure's own words (`ECONNREFUSED: …`), to tell its usual causes apart. */
  detail?: string;
  triedRestRoute: boolean;
  /** Whether the request went over plain http. */
  plainHttp: boolean;
  /** The answer's `Retry-After`, as sent: a server in maintenance asks for minutes, more than a call waits. */
  retryAfter?: string | undefined;
  /** Retries a failed read may make (`retries`): with none, no hint says they were spent. */
  retries: number;
}

/**
 * Where a failure happened, as messages say it: the status (or "no answer"), the code and the request; only the
 * code when no request was made (options refused, an id that is not one).
 *
 * @example whereOf({ status: 404, code: 'not_found', method: 'GET', url: 'https://e.com/wp-json/ns/v1/schemas/9' })
 * // '404 not_found at GET https://e.com/wp-json/ns/v1/schemas/9'
 */
export function whereOf(error: { status: number | null; code: string; method: string; url: string }): string {
  if (error.method === '-') return error.code;
  return `${statusAndCode(error)} at ${error.method} ${shownUrl(error.url)}`;
}

/** Failures where the server did answer, with what the client could not take: "no answer" would be wrong. */
const ANSWERED_CODES: ReadonlySet<string> = new Set([
  CLIENT_ERROR_CODES.responseTooLarge,
  CLIENT_ERROR_CODES.undecodable,
  CLIENT_ERROR_CODES.redirect,
]);

/**
 * The status and the code as messages say them: "404 not_found", "no answer timeout", "response_too_large".
 *
 * @example statusAndCode({ status: null, code: 'timeout' }) // 'no answer timeout'
 */
export function statusAndCode(error: { status: number | null; code: string }): string {
  if (error.status !== null) return `${error.status} ${error.code}`;
  return ANSWERED_CODES.has(error.code) ? error.code : `no answer ${error.code}`;
}

/** Addresses longer than this are cut in messages (a 9 KB page URL made a 9.5 KB error); `url` keeps it whole. */
const SHOWN_URL = 300;

/** `url` as messages show it: whole up to 300 characters, else its start and its length. */
export function shownUrl(url: string): string {
  return url.length <= SHOWN_URL ? url : `${url.slice(0, SHOWN_URL)}… (${url.length} characters)`;
}

/** The usual cause of a connection that failed, from its code. */
function networkHint(detail: string, baseUrl: string, retried: boolean): string {
  if (/ECONNREFUSED/.test(detail))
    return `nothing answers at that host and port: check ${baseUrl} and that the site is up`;
  if (/ENOTFOUND|EAI_AGAIN/.test(detail))
    return `the host name does not resolve: check its spelling in ${baseUrl}, and DNS`;
  if (/ERR_SSL_WRONG_VERSION_NUMBER/.test(detail))
    return `that port answers plain http, not https: use http:// in ${baseUrl}, or the site's https port`;
  if (/ERR_SSL_/.test(detail))
    return `the TLS handshake with that port failed: check that ${baseUrl} names the site's https address`;
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/.test(detail))
    return "the site's TLS certificate is not trusted here: fix it, or give Node its CA with NODE_EXTRA_CA_CERTS";
  if (/closed before the whole answer|UND_ERR_SOCKET|ECONNRESET|EPIPE/.test(detail))
    return `the server or a proxy closed the connection${retried ? ', and retries were spent' : ''}: try again, and check the site's error log if it lasts`;
  return `check the host and port in ${baseUrl}, and that the site is up and reachable from this machine`;
}

/** Why WordPress may answer a right application password as if no one had logged in. */
export const PLAIN_HTTP_IGNORED =
  "the API is reached over plain http, where WordPress ignores application passwords unless the site's WP_ENVIRONMENT_TYPE is 'local': use its https address";

/** WordPress's codes for credentials it looked at and refused (so plain http did not hide them). */
export const REFUSED_IN_WORDS = new Set(['incorrect_password', 'invalid_username', 'invalid_email']);

const STRIPPED_HEADER =
  'the web server drops the Authorization header before PHP (Apache with PHP-FPM or CGI: add `CGIPassAuth On`, or `SetEnvIf Authorization "(.*)" HTTP_AUTHORIZATION=$1`, to .htaccess)';

/**
 * Whether the site's REST index offers application passwords (WordPress lists them under `authentication`
 * only where they work: over https, or on a 'local' site, and unless a plugin or filter turned them off).
 */
export type ApplicationPasswords = 'available' | 'unavailable' | 'unknown';

/** What a REST index says of application passwords: listed under `authentication` where WordPress takes them. */
export function applicationPasswordsIn(index: unknown): ApplicationPasswords {
  if (!index || typeof index !== 'object' || !('namespaces' in index)) return 'unknown';
  const { authentication } = index as { authentication?: unknown };
  const offered =
    authentication !== null &&
    typeof authentication === 'object' &&
    'application-passwords' in authentication;
  return offered ? 'available' : 'unavailable';
}

/**
 * The site address a REST index names when it is on plain http: WordPress behind a proxy that ends TLS, or
 * with its addresses still on http; null otherwise.
 *
 * @example httpAddressIn({ namespaces: [], home: 'http://shop.example' }) // 'http://shop.example'
 */
export function httpAddressIn(index: unknown): string | null {
  if (!index || typeof index !== 'object' || !('namespaces' in index)) return null;
  const { home, url } = index as { home?: unknown; url?: unknown };
  const address = [home, url].find((value) => typeof value === 'string' && value.startsWith('http:'));
  return typeof address === 'string' ? address : null;
}

/** What is known about credentials WordPress did not take. */
export interface CredentialsSituation {
  plainHttp: boolean;
  /** WordPress looked at them and said so (401 incorrect_password): the password was read. */
  refusedInWords: boolean;
  applicationPasswords?: ApplicationPasswords;
  /** The http address a site reached over https names as its own in its REST index (a proxy ends TLS). */
  httpAddress?: string | null;
}

/**
 * What to check when WordPress did not take an application password, most likely cause first: application
 * passwords turned off on the site (the REST index says so; over plain http that is WordPress's default unless
 * the site is 'local'), else the password, else a web server that drops the header.
 *
 * @example credentialsHint({ plainHttp: true, refusedInWords: false }) // "the API is reached over plain http, …"
 */
export function credentialsHint(
  situation: CredentialsSituation,
  credentials = 'the username and the application password',
): string {
  const { plainHttp, refusedInWords, applicationPasswords = 'unknown' } = situation;
  const check = `check ${credentials} (Users > Profile > Application Passwords: the login password is not one; WordPress answers a wrong one as if no one had logged in)`;
  if (refusedInWords) return `${check}; if they are right, ${STRIPPED_HEADER}`;
  if (applicationPasswords === 'unavailable') {
    const off =
      'a security plugin (Wordfence has such a setting) or the wp_is_application_passwords_available filter turned them off';
    if (plainHttp) {
      return `the site's REST index offers no application passwords, so WordPress ignores them: over plain http they are off unless its WP_ENVIRONMENT_TYPE is 'local' (use its https address), or ${off}`;
    }
    // Reached over https: WordPress offers them only where it sees https itself, which a proxy ending TLS hides.
    const named = situation.httpAddress
      ? ` (its REST index names ${situation.httpAddress}, on plain http, though it was reached over https)`
      : '';
    return `the site's REST index offers no application passwords, so WordPress ignores them: WordPress offers them only where it sees https, and behind a proxy, load balancer or CDN that ends TLS (nginx in front of Apache, Cloudflare's Flexible SSL) it sees plain http unless told${named}: add \`if (($_SERVER['HTTP_X_FORWARDED_PROTO'] ?? '') === 'https') $_SERVER['HTTPS'] = 'on';\` to wp-config.php and set its addresses to https (Settings > General); else ${off}`;
  }
  // The index offers them: plain http is not why.
  const http = plainHttp && applicationPasswords === 'unknown' ? `${PLAIN_HTTP_IGNORED}. Else ` : '';
  // Where the index could not be read (a security plugin that locks the REST API to visitors), the same plugin
  // may have turned application passwords off, as such plugins often do.
  const off =
    applicationPasswords === 'unknown'
      ? ', or the site turned application passwords off (a security plugin such as Wordfence, or the wp_is_application_passwords_available filter: the REST index at /wp-json/ lists them under "authentication" where they work)'
      : '';
  return `${http}${check}; if they are right, ${STRIPPED_HEADER}${off}`;
}

/** The usual cause of a failure, in a sentence a user can act on; null when there is nothing to add. */
export function hintFor(context: HintContext): string | null {
  const { status, code, operation, names } = context;
  const repeatable = isRepeatable(context.method);
  const spent = context.retries > 0 && repeatable ? 'retries were spent, ' : '';
  const capability = OPERATIONS[operation as OperationName]?.capability;
  if (code === CLIENT_ERROR_CODES.timeout) {
    const [name, ms] = context.totalBoundPassed
      ? [names.totalTimeoutMs, context.totalTimeoutMs]
      : [names.timeoutMs, context.timeoutMs];
    const what = context.totalBoundPassed
      ? 'the call, retries included, took longer than'
      : 'the server did not answer within';
    const limit = name ? `${name} (${ms} ms)` : `${ms} ms`;
    // A bound with no option of its own (the CLI's): the attempts' own limit is what a slow server needs raised.
    const raise = name
      ? `, or raise ${name} if it is only slow`
      : names.timeoutMs
        ? `, or raise ${names.timeoutMs} (${context.timeoutMs} ms for each attempt) if it is only slow`
        : '';
    return `${what} ${limit}; check that the site is up${raise}`;
  }
  if (code === CLIENT_ERROR_CODES.responseTooLarge) {
    const name = names.maxResponseBytes;
    // A list can be asked for in fewer items; one record (or one page's) is as large as it is.
    const what = /\.list$/.test(operation)
      ? 'ask for fewer items (per_page)'
      : 'what it holds is that large: make the record smaller in the CMS';
    return name
      ? `the answer is over ${name} (${context.maxResponseBytes} bytes); ${what}, or raise ${name}`
      : `the answer is over ${context.maxResponseBytes} bytes; ${what}`;
  }
  if (code === CLIENT_ERROR_CODES.networkError)
    return networkHint(context.detail ?? '', names.baseUrl, context.retries > 0);
  if (code === CLIENT_ERROR_CODES.invalidJson) {
    return 'a PHP notice or warning printed before the JSON (WP_DEBUG_DISPLAY on), a plugin echoing output, or a proxy answered; open the URL in a browser to see it';
  }
  if ((status === 503 || status === 429) && context.retryAfter) {
    const wait = /^\d+$/.test(context.retryAfter) ? `${context.retryAfter} s` : `until ${context.retryAfter}`;
    return `the server asks to be left alone for ${wait} (Retry-After${status === 503 ? '; WordPress does so in maintenance mode, while it updates' : ''}), longer than a call waits: try again then`;
  }
  if (code === CLIENT_ERROR_CODES.htmlResponse) {
    // A web server's own page for a status says more than "HTML": what it refused, or what behind it failed.
    // WordPress answers an unknown route in JSON (rest_no_route), even through ?rest_route=: a web page at 404
    // is a site or a path with no WordPress REST API, most often a mistyped address.
    if (status === 404)
      return `no WordPress REST API answers at that address (the web server's own "not found" page): check ${names.baseUrl}; it is <site>/wp-json/<namespace>/v1 (the address the plugin shows), <site>/?rest_route=/<namespace>/v1 or the site address`;
    if (status === 413)
      return 'the web server in front of WordPress refused a body that large (nginx: client_max_body_size, 1 MB by default; Apache: LimitRequestBody); raise it, or send less at once';
    if (status === 414)
      return 'the web server refused an address that long; a page URL of several KB is likely a mistake';
    if (status === 502 || status === 503)
      return `the web server in front of WordPress could not reach PHP (PHP-FPM down or out of workers), or the site is in maintenance; ${spent}check the server's error log`;
    if (status === 504)
      return 'the web server in front of WordPress stopped waiting for PHP (nginx: fastcgi_read_timeout, 60 s by default); WordPress may still have finished the request, so check before sending a write again';
    // WordPress answers its own refusals in JSON: an HTML 401 or 403 is the web server's or a firewall's.
    if (status === 401)
      return "the web server in front of WordPress asks for its own login (HTTP authentication, as on a password-protected staging site) before WordPress sees the request, and the Authorization header can carry only one password: exempt the REST API (/wp-json/ or ?rest_route=) or this machine's address from that protection";
    if (status === 403)
      return "a firewall or security plugin in front of WordPress refused the request (such rules often refuse clients that are not browsers, by User-Agent or for lacking cookies, so the URL may open in a browser all the same): allow this client's User-Agent or this machine's address in its rules";
    return 'a firewall, a maintenance page, a caching layer or a PHP error answered instead of the API; open the URL in a browser to see it';
  }
  if (code === CLIENT_ERROR_CODES.notThisApi) {
    return `set ${names.baseUrl} to <site>/wp-json/<namespace>/v1 (the address the plugin shows), <site>/?rest_route=/<namespace>/v1 or the site address, and check that the plugin and its REST API are active`;
  }
  if (code === CLIENT_ERROR_CODES.credentialsNotAccepted) {
    return credentialsHint({ plainHttp: context.plainHttp, refusedInWords: false }, names.credentials);
  }
  if (code === CLIENT_ERROR_CODES.notRecorded) {
    return "the snapshot has no answer for this request: record it again with snapshot: { mode: 'record' } against the API (the site's pages or the CMS changed since)";
  }
  if (code === CLIENT_ERROR_CODES.undecodable) {
    return 'something between WordPress and this client (a caching or compression plugin, a proxy, the web server) labels answers with a compression they do not have; `curl -i --compressed <url>` shows the answer as it arrives';
  }
  if (code === CLIENT_ERROR_CODES.redirect) {
    if (context.detail === REDIRECT_LOOPS)
      return `the server sends the request round in a loop, most often by an http→https redirect (an .htaccess or nginx rule, a plugin such as Really Simple SSL) behind a proxy, load balancer or CDN that ends TLS: the server behind it sees every request as plain http and sends it to https again; make it honour X-Forwarded-Proto (wp-config.php: \`if (($_SERVER['HTTP_X_FORWARDED_PROTO'] ?? '') === 'https') $_SERVER['HTTPS'] = 'on';\`, and the redirect rule's condition likewise), or with Cloudflare set SSL to Full; open the URL in a browser to see where it leads`;
    if (context.detail === REDIRECT_ELSEWHERE)
      return `the server sends this address on to another (https, or another host), and credentials are not sent on to where they were not given for; set ${names.baseUrl} to the address it leads to`;
    return context.method === 'GET' || context.method === 'HEAD'
      ? `reads follow ${GET_REDIRECT_LIMIT} redirects at most, and this one went further or in a loop (open the URL in a browser to see where it leads); set ${names.baseUrl} to the final address (https, www or not)`
      : `the server redirected a request that is not a GET; set ${names.baseUrl} to the final address (https, www or not)`;
  }
  if (status === 401) {
    return context.hasCredentials
      ? `the credentials were refused: ${credentialsHint({ plainHttp: context.plainHttp, refusedInWords: REFUSED_IN_WORDS.has(context.code) }, names.credentials)}`
      : capability === 'none'
        ? // A route the API makes public, refused to a visitor: the site locks its whole REST API to logged-in users.
          `the site lets only logged-in users use its REST API, this public route too (a security plugin such as Disable REST API, a firewall's REST API setting, or a rest_authentication_errors filter): give ${names.credentials}, or allow the API's routes to visitors in that plugin`
        : `this route needs credentials: give ${names.credentials}`;
  }
  if (status === 403) {
    const needed = capability && capability !== 'none' ? `the \`${capability}\` capability` : 'a capability';
    return `the user lacks ${needed}, which ${operation} needs; use an account that has it (on a multisite network, a user has a role only on the sites it was added to: Network Admin > Sites > the site > Users)`;
  }
  if (status === 404 && code === 'rest_no_route') {
    return `the route does not exist${context.triedRestRoute ? ' (also tried ?rest_route=)' : ''}: the plugin may be inactive, the site's plan below Business (the API is a paid feature), or ${names.baseUrl} wrong`;
  }
  if (status === 404 && code === 'not_found') return 'no record with that id or URL';
  if (status === 413) return 'the request body is too large for the server; send less at once';
  if (status === 429)
    return `the server rate-limits this client; ${context.retries > 0 ? 'retries were spent, ' : ''}wait (Retry-After) or lower the request rate`;
  // WordPress's own answer to a PHP fatal error (its "critical error" page, in JSON for the REST API).
  if (status === 500 && code === 'internal_server_error')
    return 'a PHP fatal error in WordPress, a plugin or the theme (WordPress\'s "There has been a critical error on this website"): it fails the same way until fixed; WordPress e-mails the site\'s administrator a recovery-mode link, and the PHP error log names the file';
  // A write is not sent again after a server error: it may be done, and a create sent twice is stored twice.
  if (status !== null && status >= 500 && !repeatable)
    return `the server failed on this write, which was not sent again (it may have been done): check the site's error log${code === 'db_error' ? ' (its database refused the write: a value too long for its column, a lost connection)' : ''}, then read the API (pull) before sending it again`;
  if (status !== null && status >= 500)
    return `the server failed; ${spent}try again later or check its error log`;
  return null;
}
