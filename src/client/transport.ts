// Sends one API call and turns every failure into an ApiError. Retries, redirects, timeouts and the size
// cap are the sender's (undici's); finding the REST root and the `?rest_route=` fallback are the API's.

import { decodedPath } from '../url-forms.ts';
import { readBody } from './body.ts';
import {
  ApiError,
  applicationPasswordsIn,
  CLIENT_ERROR_CODES,
  credentialsHint,
  hintFor,
  httpAddressIn,
  type OptionNames,
  REDIRECT_ELSEWHERE,
  REDIRECT_LOOPS,
  REFUSED_IN_WORDS,
} from './errors.ts';
import {
  headerText,
  NOT_RECORDED,
  type RawAnswer,
  REDIRECT_LOOP,
  type SenderFactory,
  SendFailure,
  type SendSettings,
  TOO_LARGE,
  UNDECODABLE,
} from './exchange.ts';
import {
  answeringSiteElsewhere,
  answersAsApi,
  restRootFromHtml,
  restRootFromLink,
  siteAddressOf,
  siteFolderOf,
  wantsPlainForm,
} from './locate.ts';
import { namespaceMeant } from './namespace-meant.ts';
import type { HttpMethod } from './operations.ts';
import { basicToken, createRedactor, type Redactor } from './redact.ts';
import { retryAfterMs, retrySettingsFor } from './retry-policy.ts';
import { readSiteZone, type SiteZone } from './site-time.ts';
import {
  type ApiLocation,
  describeLocation,
  isLoopback,
  locateApi,
  locateFromRoot,
  type Query,
  type RouteForm,
  redactUrl,
  restIndexUrl,
  routeUrl,
} from './urls.ts';
import { wordpressError } from './wire-results.ts';

export interface TransportSettings extends SendSettings {
  /** The API's base URL in any form, or the site's address (then discovered). */
  baseUrl: string;
  /** The namespace looked for when baseUrl is the site's address. */
  namespace: string;
  /** How messages name the settings they advise changing. */
  optionNames: OptionNames;
  /** Credentials may go over plain http to another machine (also to a REST root the site advertises). */
  allowInsecureAuth?: boolean;
}

export interface Credentials {
  username: string;
  password: string;
}

export interface CallSpec {
  operation: string;
  method: HttpMethod;
  path: string;
  query?: Query;
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** A list read the build cache may keep (see `SendRequest.cache`). */
  cacheable?: boolean;
}

export interface Answer {
  status: number;
  /** Where the call went, without credentials. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  value: unknown;
  /** Removes this client's credentials from text taken from the answer (for errors built later). */
  redact: Redactor;
}

/** Counts since the client was made. */
export interface TransportStats {
  /** HTTP requests sent, retries, discovery and the `?rest_route=` fallback included (redirect hops not). */
  requests: number;
  /** Of those, the retries. */
  retries: number;
}

export interface Transport {
  call(spec: CallSpec): Promise<Answer>;
  /** The base URL in the form that works (as given until the first call has found out). */
  baseUrl(): string;
  /** How messages name the settings they advise changing (the caller's options, flags or variables). */
  readonly optionNames: OptionNames;
  /** The site's REST index (`/wp-json/`), read once; null when it cannot be read. */
  restIndex(): Promise<unknown>;
  /** The site's time zone from its REST index; null when it does not say (dates are then UTC). */
  siteZone(): Promise<SiteZone | null>;
  stats(): TransportStats;
  close(): Promise<void>;
}

/** The status a WordPress error body states (`{ code, message, data: { status } }`), when it is an error's. */
function statedError(reading: ReturnType<typeof readBody>): number | null {
  if (reading.kind !== 'json') return null;
  const parsed = wordpressError.safeParse(reading.value);
  const status = parsed.success ? parsed.data.data?.status : undefined;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : null;
}

/** The methods some web servers refuse, which WordPress takes as a POST's `X-HTTP-Method-Override`. */
const OVERRIDABLE = new Set(['PUT', 'DELETE', 'PATCH']);

/** The client's own texts a server may quote: the URL it called, its path and query. */
function ownTexts(url: string): string[] {
  const parsed = URL.parse(url);
  if (parsed === null) return [url];
  return [parsed.href, `${parsed.pathname}${parsed.search}`, parsed.pathname, decodedPath(parsed.pathname)];
}

/**
 * Creates the sender of API calls. The Authorization value lives only in this closure: it is on no
 * object a caller can reach, print or serialise.
 */
export function createTransport(
  settings: TransportSettings,
  credentials: Credentials | null,
  createSender: SenderFactory,
): Transport {
  const authorization = credentials
    ? `Basic ${basicToken(credentials.username, credentials.password)}`
    : null;
  const redact = createRedactor(credentials);

  const counts: TransportStats = { requests: 0, retries: 0 };
  const sender = createSender(
    settings,
    () => counts.requests++,
    () => {
      counts.requests++;
      counts.retries++;
    },
  );

  const given = locateApi(settings.baseUrl);
  let location: Promise<ApiLocation> | null = given ? Promise.resolve(given) : null;
  let known: ApiLocation | null = given;
  // The form is found out once: the pretty form falls back to `?rest_route=` on the first call that needs it.
  let form: RouteForm = given?.form ?? 'pretty';
  let formSettled = form === 'rest_route';
  // Set once the web server refused a PUT or DELETE itself: writes then go as WordPress's POST with an override.
  let overrideMethods = false;
  // The answers to writes sent so: one of them refused again is the answer, not sent a third time.
  const sentOverridden = new WeakSet<RawAnswer>();
  let index: Promise<unknown> | null = null;
  // Set once an answer came from the site addressed (its REST root in its folder): see confirmedSite.
  let siteConfirmed = false;
  let confirming: Promise<void> | null = null;

  function fail(
    spec: Pick<CallSpec, 'operation' | 'method'>,
    url: string,
    status: number | null,
    code: string,
    message: string,
    details?: unknown,
    extra: { totalBoundPassed?: boolean; detail?: string; retryAfter?: string | undefined } = {},
  ) {
    const hint = hintFor({
      status,
      code,
      operation: spec.operation,
      method: spec.method,
      hasCredentials: authorization !== null,
      timeoutMs: settings.timeoutMs,
      totalTimeoutMs: settings.totalTimeoutMs,
      totalBoundPassed: extra.totalBoundPassed ?? false,
      maxResponseBytes: settings.maxResponseBytes,
      names: settings.optionNames,
      detail: extra.detail,
      triedRestRoute: url.includes('rest_route='),
      plainHttp: url.startsWith('http:'),
      retryAfter: extra.retryAfter,
      retries: settings.retries,
    });
    return new ApiError({
      status,
      code,
      serverMessage: message,
      operation: spec.operation,
      method: spec.method,
      // Built from the base URL, which never holds credentials: nothing in it is the server's to redact.
      url: redactUrl(url),
      hint,
      details,
      // A server that quotes the request's URL or path is quoting the client, not its credentials.
      redact: redact.keeping(ownTexts(url)),
    });
  }

  function networkFailure(spec: CallSpec, url: string, failure: SendFailure): ApiError {
    if (failure.reason === TOO_LARGE) {
      const message = `the answer is larger than ${settings.maxResponseBytes} bytes`;
      const start = failure.answerStart ? { answerStart: failure.answerStart } : undefined;
      return fail(spec, url, null, CLIENT_ERROR_CODES.responseTooLarge, message, start);
    }
    const callerAborted = settings.signal?.aborted || spec.signal?.aborted;
    if (!callerAborted && (failure.deadlinePassed || /TIMEOUT/.test(failure.reason))) {
      const limit = failure.deadlinePassed
        ? `the call's total time bound (${settings.totalTimeoutMs} ms)`
        : `${settings.timeoutMs} ms`;
      return fail(spec, url, null, CLIENT_ERROR_CODES.timeout, `no answer within ${limit}`, undefined, {
        totalBoundPassed: failure.deadlinePassed,
      });
    }
    if (failure.reason === REDIRECT_LOOP) {
      return fail(spec, url, null, CLIENT_ERROR_CODES.redirect, 'the server redirects in a loop', undefined, {
        detail: REDIRECT_LOOPS,
      });
    }
    if (failure.reason === NOT_RECORDED) {
      return fail(spec, url, null, CLIENT_ERROR_CODES.notRecorded, 'no recorded answer in the snapshot');
    }
    if (failure.reason === UNDECODABLE) {
      return fail(spec, url, null, CLIENT_ERROR_CODES.undecodable, failure.detail);
    }
    if (callerAborted)
      return fail(spec, url, null, CLIENT_ERROR_CODES.aborted, 'the call was aborted by its AbortSignal');
    return fail(spec, url, null, CLIENT_ERROR_CODES.networkError, failure.detail, undefined, {
      detail: failure.detail,
    });
  }

  /**
   * The site that answered is another than the one addressed (a mistyped sub-site of a multisite network is
   * answered by the main site): calls stop here, or a push would write into that site, and --prune delete there.
   */
  function anotherSite(
    spec: Pick<CallSpec, 'operation' | 'method'>,
    url: string,
    status: number,
    addressed: string,
    answering: ApiLocation,
  ): ApiError {
    const site = siteAddressOf(answering);
    const error = fail(
      spec,
      url,
      status,
      CLIENT_ERROR_CODES.notThisApi,
      `WordPress answers ${addressed} as the site ${site}, so calls stop here: no site is at that address (on a multisite network, one no sub-site has is answered by the main site; a folder of WordPress's files is not the Site Address)`,
    );
    return new ApiError({
      ...error,
      hint: `if ${site} is the site meant, set ${settings.optionNames.baseUrl} to ${describeLocation(answering, answering.form)}; if not, check the address against the site's (Settings > General; a network's sub-sites are listed under My Sites > Network Admin > Sites)`,
    });
  }

  /**
   * In the `?rest_route=` form WordPress runs a call before its answer names the site that ran it, and on a
   * multisite network an address no sub-site has (`/sit2/`) is run by the main site: a write there would be made
   * in the main site. So the first write to a site in a folder waits for a GET of the namespace's index (public,
   * sent without credentials) from the site addressed. (In the pretty form the main site has no route there.)
   */
  function confirmedSite(spec: CallSpec, at: ApiLocation): Promise<void> {
    if (!confirming) {
      confirming = (async () => {
        const read = { ...spec, method: 'GET' as const, body: undefined, cacheable: false };
        const raw = await exchange(read, routeUrl(at, '', undefined, 'rest_route'), false);
        const elsewhere = answeringSiteElsewhere(raw, at);
        if (elsewhere) {
          throw anotherSite(spec, raw.url, raw.status, siteAddressOf(at), elsewhere);
        }
        siteConfirmed = true;
      })();
      // A failure is not remembered: the next write asks again.
      confirming.catch(() => {
        confirming = null;
      });
    }
    return confirming;
  }

  async function exchange(spec: CallSpec, url: URL, auth = true): Promise<RawAnswer> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (auth && authorization) headers.authorization = authorization;
    // WordPress reads `X-HTTP-Method-Override` on a POST as the method, for hosts whose web server or firewall
    // refuses PUT and DELETE (mod_security rules, some shared hosts).
    const overridden = overrideMethods && OVERRIDABLE.has(spec.method);
    if (overridden) headers['x-http-method-override'] = spec.method;
    let body: string | undefined;
    if (spec.body !== undefined) {
      body = JSON.stringify(spec.body);
      headers['content-type'] = 'application/json; charset=utf-8';
    }
    try {
      const answer = await sender.send({
        url,
        method: overridden ? 'POST' : spec.method,
        headers,
        body,
        signal: spec.signal,
        cache: spec.cacheable === true,
      });
      if (overridden) sentOverridden.add(answer);
      return answer;
    } catch (error) {
      if (error instanceof SendFailure) throw networkFailure(spec, url.href, error);
      throw error;
    }
  }

  /** WordPress clients' discovery: the home page's `Link: <root>; rel="https://api.w.org/"`. */
  async function discover(signal?: AbortSignal): Promise<ApiLocation> {
    const site = new URL(redactUrl(settings.baseUrl));
    const spec = { operation: 'discover', method: 'GET' as const, path: '', signal };
    const raw = await exchange(spec, site, false);
    const root = restRootFromLink(raw.headers.link, raw.url) ?? restRootFromHtml(raw.text, raw.url);
    const found = root ? locateFromRoot(root, settings.namespace) : null;
    if (!found) {
      // The site failed or refused the page (maintenance mode's 503, a PHP fatal's 500, a firewall's 403, a
      // staging site's own password prompt): that is the answer, not a site without a REST API.
      if (raw.status >= 500 || raw.status === 429 || raw.status === 401 || raw.status === 403)
        interpret(spec, raw);
      throw fail(
        spec,
        site.href,
        raw.status,
        CLIENT_ERROR_CODES.notThisApi,
        `no WordPress REST API is advertised at ${site.href}: its answer has no Link header or <link> with rel="https://api.w.org/"`,
      );
    }
    // The site names where its API is; credentials go there only as they would if given that address.
    const api = new URL(root!);
    if (
      authorization &&
      api.protocol === 'http:' &&
      !isLoopback(api.hostname) &&
      !settings.allowInsecureAuth
    ) {
      const named = settings.optionNames.allowInsecureAuth;
      throw new ApiError({
        status: null,
        code: CLIENT_ERROR_CODES.insecureAuth,
        serverMessage: `${site.href} names ${redactUrl(root!)} as its REST API: credentials are not sent over plain http to a host that is not this machine`,
        operation: spec.operation,
        method: spec.method,
        url: site.href,
        hint: `set the site's WordPress Address and Site Address to https (Settings > General), or give the API's https address${named ? `, or pass ${named} if the network is trusted` : ''}`,
      });
    }
    // A REST root on another origin (a staging copy whose WordPress Address still names production, `localhost`
    // for `127.0.0.1`): credentials go there only when given for it, as with a redirect.
    if (authorization && api.origin !== site.origin) {
      throw new ApiError({
        status: null,
        code: CLIENT_ERROR_CODES.notThisApi,
        serverMessage: `${site.href} names ${redactUrl(root!)} as its REST API, on another origin: credentials are not sent to where they were not given for`,
        operation: spec.operation,
        method: spec.method,
        url: site.href,
        hint: `if that is the site's API, set ${settings.optionNames.baseUrl} to ${describeLocation(found, found.form)}; if it is not (a copy of a site whose WordPress Address still names the original), set its WordPress Address and Site Address (Settings > General) to its own address`,
      });
    }
    // A page WordPress does not have, whose REST root is in another folder: the site there is another one.
    const folder = site.pathname.endsWith('/') ? site.pathname : `${site.pathname}/`;
    if (
      raw.status === 404 &&
      new URL(found.plainEntry).origin === site.origin &&
      siteFolderOf(found) !== folder
    ) {
      throw anotherSite(spec, site.href, raw.status, `${site.origin}${folder}`, found);
    }
    known = found;
    form = found.form;
    formSettled = form === 'rest_route';
    // The root the site's own page names: the site there is the one answering.
    siteConfirmed = true;
    return found;
  }

  function whereTo(signal?: AbortSignal): Promise<ApiLocation> {
    if (!location) {
      location = discover(signal);
      // A failed discovery is not remembered: the next call asks again.
      location.catch(() => {
        location = null;
      });
    }
    return location;
  }

  function interpret(spec: CallSpec, raw: RawAnswer): Answer {
    const reading = readBody(raw.text);
    const { headers } = raw;
    // WordPress's error in a 200: PHP printed something (a BOM in a plugin file, with output buffering off)
    // before WordPress could send its status line. It is that error all the same.
    const stated = raw.status < 300 ? statedError(reading) : null;
    const status = stated ?? raw.status;
    if (status >= 200 && status < 300) {
      const url = redactUrl(raw.url);
      if (reading.kind === 'json') return { status, url, headers, value: reading.value, redact };
      if (reading.kind === 'empty') return { status, url, headers, value: null, redact };
    }
    if (reading.kind === 'too-deep') {
      throw fail(spec, raw.url, status, CLIENT_ERROR_CODES.invalidJson, `the answer ${reading.message}`);
    }
    // Before the body: a web server's redirect comes with an HTML page saying "Moved Permanently".
    if (status >= 300 && status < 400) {
      const location = typeof headers.location === 'string' ? headerText(headers.location) : null;
      const target = location === null ? null : URL.parse(location, raw.url);
      const elsewhere = target !== null && target.origin !== new URL(raw.url).origin;
      // To the address asked: followed, it would come back here for ever.
      const itself = target !== null && target.href === new URL(raw.url).href;
      const message = itself
        ? `redirected to the address asked, in a loop (${status} to ${redactUrl(target.href)})`
        : `redirected to ${target ? redactUrl(target.href) : '(no Location)'}`;
      throw fail(spec, raw.url, status, CLIENT_ERROR_CODES.redirect, message, undefined, {
        detail: itself ? REDIRECT_LOOPS : elsewhere ? REDIRECT_ELSEWHERE : undefined,
      });
    }
    // A Retry-After longer than retries wait for (WordPress's maintenance mode asks for 600 s) was not waited
    // for: the hint says so, instead of "retries were spent".
    const asked = typeof headers['retry-after'] === 'string' ? headers['retry-after'] : undefined;
    const retryAfter =
      (retryAfterMs(asked, Date.now()) ?? 0) > retrySettingsFor(settings).maxDelayMs ? asked : undefined;
    if (reading.kind === 'html') {
      const message = `the server answered HTML, not JSON: ${reading.snippet}`;
      throw fail(spec, raw.url, status, CLIENT_ERROR_CODES.htmlResponse, message, undefined, { retryAfter });
    }
    if (reading.kind === 'text') {
      const message = `the server answered text, not JSON: ${reading.snippet}`;
      throw fail(spec, raw.url, status, CLIENT_ERROR_CODES.invalidJson, message);
    }
    const parsed = wordpressError.safeParse(reading.kind === 'json' ? reading.value : null);
    if (parsed.success) {
      const { code, message, data } = parsed.data;
      throw fail(spec, raw.url, status, code, message || `HTTP ${status}`, data?.params, { retryAfter });
    }
    throw fail(spec, raw.url, status, CLIENT_ERROR_CODES.httpError, `HTTP ${status}`, undefined, {
      retryAfter,
    });
  }

  async function callOnce(spec: CallSpec): Promise<Answer> {
    const raw = await sentInForm(spec);
    const at = await whereTo(spec.signal);
    const elsewhere = answeringSiteElsewhere(raw.answer, at);
    if (elsewhere) {
      throw anotherSite(spec, raw.answer.url, raw.answer.status, siteAddressOf(at), elsewhere);
    }
    if (restRootFromLink(raw.answer.headers.link, raw.answer.url) !== null) siteConfirmed = true;
    // The web server refused the method itself (its own 405 or 501 page, not WordPress's JSON): the request
    // never reached WordPress, so it is sent again once as a POST that names its method. Writes in flight
    // beside the first one refused are sent again too.
    if (
      !sentOverridden.has(raw.answer) &&
      OVERRIDABLE.has(spec.method) &&
      (raw.answer.status === 405 || raw.answer.status === 501) &&
      !answersAsApi(raw.answer)
    ) {
      overrideMethods = true;
      const retried = await exchange(spec, raw.url);
      // The form that first reached WordPress is the site's: a write refused in both forms on a site with
      // plain permalinks went through in the query form, and the pretty one would fail every later call.
      if (answersAsApi(retried) && raw.form !== form) {
        form = raw.form;
        formSettled = true;
      }
      return interpret(spec, retried);
    }
    return interpret(spec, raw.answer);
  }

  /** A call's answer, in the form (pretty or `?rest_route=`) that reaches the API, found on the first calls. */
  async function sentInForm(spec: CallSpec): Promise<{ answer: RawAnswer; url: URL; form: RouteForm }> {
    const at = await whereTo(spec.signal);
    if (form === 'rest_route' && spec.method !== 'GET' && !siteConfirmed && siteFolderOf(at) !== '/')
      await confirmedSite(spec, at);
    const used = form;
    const sent = async (to: RouteForm) => {
      const url = routeUrl(at, spec.path, spec.query, to);
      return { answer: await exchange(spec, url), url, form: to };
    };
    const first = await sent(used);
    // Calls run side by side: another one may have found the plain form while this one was in flight.
    if (form !== used) return sent(form);
    if (formSettled || used === 'rest_route') return first;
    // WordPress's page for an address no site of its own has (a mistyped sub-site): not sent again elsewhere.
    if (!wantsPlainForm(first.answer) || answeringSiteElsewhere(first.answer, at)) {
      formSettled = answersAsApi(first.answer);
      return first;
    }
    const second = await sent('rest_route');
    formSettled = true;
    if (answersAsApi(second.answer)) form = 'rest_route';
    return second;
  }

  /**
   * Credentials WordPress answered as no one's (401, not in its own words): whether its REST index offers
   * application passwords at all says which cause comes first, as the probe's message does.
   */
  async function withCredentialsHint(error: unknown): Promise<unknown> {
    if (!(error instanceof ApiError) || error.status !== 401 || authorization === null) return error;
    if (REFUSED_IN_WORDS.has(error.code)) return error;
    const index = await transport.restIndex();
    const applicationPasswords = applicationPasswordsIn(index);
    if (applicationPasswords === 'unknown') return error;
    const plainHttp = error.url.startsWith('http:');
    const situation = {
      plainHttp,
      refusedInWords: false,
      applicationPasswords,
      httpAddress: plainHttp ? null : httpAddressIn(index),
    };
    return new ApiError({
      ...error,
      hint: `the credentials were refused: ${credentialsHint(situation, settings.optionNames.credentials)}`,
    });
  }

  /**
   * A route WordPress does not have, read against the site's REST index: where the namespace is listed, the
   * plugin is there and active, so neither an inactive plugin nor a wrong address is the cause; where another
   * namespace holds the API's routes (or is spelt near the one given), the address names the wrong one.
   */
  async function withRouteHint(error: unknown): Promise<unknown> {
    if (!(error instanceof ApiError) || error.status !== 404 || error.code !== 'rest_no_route') return error;
    const namespace = known?.route.replace(/^\/+/, '');
    if (!namespace) return error;
    const index = (await transport.restIndex()) as { namespaces?: unknown } | null;
    if (Array.isArray(index?.namespaces) && index.namespaces.includes(namespace)) {
      return new ApiError({
        ...error,
        hint: `the API's namespace ${namespace} is there, without this route: the plugin on the site may be a version without it, or its plan may not include it`,
      });
    }
    const meant = namespaceMeant(index, namespace);
    if (!meant) return error;
    return new ApiError({
      ...error,
      hint: `the site has no namespace "${namespace}": did you mean "${meant}"? The site's REST index lists it; put it in ${settings.optionNames.baseUrl} in place of "${namespace}"`,
    });
  }

  const transport: Transport = {
    async call(spec) {
      try {
        return await callOnce(spec);
      } catch (error) {
        throw await withRouteHint(await withCredentialsHint(error));
      }
    },
    baseUrl: () => (known ? describeLocation(known, form) : redactUrl(settings.baseUrl).replace(/\/+$/, '')),
    optionNames: settings.optionNames,
    restIndex() {
      index ??= (async () => {
        const at = await whereTo();
        const spec = { operation: 'restIndex', method: 'GET' as const, path: '' };
        try {
          return interpret(spec, await exchange(spec, restIndexUrl(at, form))).value;
        } catch {
          return null;
        }
      })();
      return index;
    },
    async siteZone() {
      return readSiteZone(await transport.restIndex());
    },
    stats: () => ({ ...counts }),
    close: () => sender.close(),
  };
  return transport;
}
