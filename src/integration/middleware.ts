// The request-time pass: pages served by `astro dev` and on-demand pages of a server build get the same
// head as prerendered pages get at build time. Prerendered pages are left to the build pass.
// The page's answer is asked for as soon as the page is known to be HTML, while it renders; its head waits for
// the answer at most `requestBudgetMs`, and the body streams through untouched.

import { getSecret } from 'astro:env/server';
import bakedConfig from 'virtual:astro-schema-manager/config';
import type { MiddlewareHandler } from 'astro';
import { MARK, type RewriteOptions, readHeadTags, rewriteHead } from '../head/index.ts';
import { decodedPath, pageHref, pathInSite } from '../url-forms.ts';
import { splitApiCredentials } from './api-credentials.ts';
import { groupedLog } from './grouped-log.ts';
import { isExcluded, pathBeforeRewrite, requestedPage } from './pages.ts';
import { type PageAnswer, type RequestAnswers, sharedAnswers, whyNot } from './request-answers.ts';
import { type RuntimeConfig, sharedLogger, sharedRuntimeConfig } from './runtime-config.ts';
import { MAX_HEAD_BYTES, rewriteHeadOfStream } from './stream-head.ts';
import { inspectPage, renderInspectionIsland } from './toolbar/inspection.ts';

/**
 * A variable of the running server's environment, as its adapter gives it through Astro's `getSecret` (on
 * Cloudflare the worker's bindings, whatever its compatibility_date; elsewhere `process.env`), or from
 * `process.env` where the adapter set no reader (an edge function). An edge runtime may have neither.
 */
function variable(name: string): string | undefined {
  try {
    const value = getSecret(name);
    if (value !== undefined) return value;
  } catch {
    // No `process` here, and no adapter's reader.
  }
  return globalThis.process?.env?.[name];
}

/** The process's answers for the options and the credentials the running server has. */
function answersFor(config: RuntimeConfig): RequestAnswers {
  const { options } = config;
  // A built server has no credentials in its bundle: they come from its environment, in either form.
  const inline = runtimeInlineCredentials(options.api);
  // An empty variable counts as unset, as at build time.
  const username = options.username ?? (variable('SCHEMA_MANAGER_USER') || inline.username);
  const password = options.password ?? (variable('SCHEMA_MANAGER_PASSWORD') || inline.password);
  return sharedAnswers({ config, credentials: { username, password }, logger: sharedLogger });
}

/** `user:password@` of SCHEMA_MANAGER_API in the running server's environment, when it names the built-in API. */
function runtimeInlineCredentials(api: string | undefined): {
  username?: string | undefined;
  password?: string | undefined;
} {
  const address = variable('SCHEMA_MANAGER_API');
  if (!address || !api) return {};
  try {
    const split = splitApiCredentials(address);
    // Only for the API the site was built against.
    return split.api.replace(/\/+$/, '') === api.replace(/\/+$/, '') ? split : {};
  } catch {
    return {};
  }
}

/** Where the visitor's path is kept across the request's rewrites (`context.locals` outlives them). */
const ASKED_PATH = Symbol.for('astro-schema-manager.asked-path');

/**
 * A response a browser shows as the page: a success, or a redirect that names nowhere to go (no Location), whose
 * body is shown instead. Astro 7 answers an i18n fallback rendered in place on demand so (302, no Location).
 */
function isPage(response: Response): boolean {
  if (response.status < 300) return true;
  return response.status < 400 && response.status !== 304 && !response.headers.has('location');
}

/**
 * Whether the page's bytes are HTML this pass can read and write back: UTF-8 (as Astro renders), not compressed by
 * a middleware or a page's own Response (`content-encoding: gzip`), and a body no one has read or holds a reader
 * of. Any other is served as it came: decoding it as UTF-8 text would mangle every byte that is not.
 */
function isRewritable(response: Response): boolean {
  if (response.bodyUsed || response.body?.locked) return false;
  const encoding = response.headers.get('content-encoding')?.trim().toLowerCase();
  if (encoding && encoding !== 'identity') return false;
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(response.headers.get('content-type') ?? '')?.[1];
  return charset === undefined || /^utf-?8$/i.test(charset);
}

export const onRequest: MiddlewareHandler = async (context, next) => {
  // An i18n fallback with fallbackType 'rewrite' renders another locale's page after the middleware answered 404,
  // running it again with that page's URL; the page is still the one asked for, as the build names it.
  // A middleware's `context.rewrite()` before this one did the same before this one first ran: Astro kept the
  // visitor's path in `originPathname`.
  const locals = context.locals as Record<symbol, string | undefined>;
  const base = (sharedRuntimeConfig() ?? bakedConfig).layout.base;
  const askedPath =
    locals[ASKED_PATH] ??
    pathBeforeRewrite(context.url.pathname, Reflect.get(context, 'originPathname'), base);
  // Reflect.set: an adapter's frozen locals must not fail the page, only lose this memory.
  Reflect.set(locals, ASKED_PATH, askedPath);
  const response = await next();
  const config = sharedRuntimeConfig() ?? bakedConfig;
  const dev = config.command === 'dev';
  if (dev ? !config.options.dev : !config.options.onDemand || context.isPrerendered) return response;
  if (!(response.headers.get('content-type') ?? '').includes('text/html') || !isPage(response))
    return response;
  if (!response.body || !isRewritable(response)) return response;
  // An endpoint's answer is its own (a feed, a proxied page), HTML or not: the build leaves it alone too.
  const routePattern = Reflect.get(context, 'routePattern');
  if (typeof routePattern === 'string' && config.endpoints?.includes(routePattern)) return response;

  const { options, layout } = config;
  // Decoded, as Astro names pages at build time (and as `exclude` prefixes are written).
  const pathname = decodedPath(askedPath);
  const relative = pathInSite(pathname, layout.base);
  // A server island's answer is a piece of the page that asked for it, not a page of its own.
  if (isExcluded(relative, options.exclude) || relative.startsWith('/_server-islands/')) return response;

  // A page is known by its path: a query string (tracking, pagination) does not name another page. Spelled as
  // the build spells it (a request may write its escapes with small hex).
  const page = requestedPage(pathname, context.currentLocale, layout);
  const pageUrl = pageHref(page.origin, page.pathname);
  let answers: RequestAnswers;
  try {
    answers = answersFor(config);
  } catch (error) {
    sharedLogger().warn(`${pageUrl}: head data not added: ${(error as Error).message}`);
    return response;
  }
  // Asked now, while the page renders; the head waits for it within the budget.
  const requested = { url: pageUrl, pathname: relative };
  const answer = answers.answer(requested);

  const body = rewriteHeadOfStream(
    response.body,
    async (head) => {
      // A head this package wrote already (at build time, for a prerendered page an edge function serves; or by
      // this middleware in the origin, when an edge function in front runs it too) keeps its tags: an edge with
      // no answer would otherwise strip what the origin wrote.
      if (!dev && head.includes(MARK) && readHeadTags(head).marked > 0) return head;
      const found = await answer;
      answers.sayWhyNot(requested, found);
      const value = found.value;
      const tags = value?.plan.tags ?? [];
      // The body streams through as it comes: its JSON-LD is the build's to replace, not this pass's.
      const conflicts = {
        onConflict: options.onConflict,
        jsonLdConflict: options.jsonLdConflict,
        headOnly: true,
      };
      const html = rewriteHead(head, tags, conflicts).html;
      if (!dev) return html;
      // The dev toolbar app reads what this view got from an island in the head: no second request.
      return withInspection(head, html, {
        pageUrl,
        apiBase: options.api ?? '',
        cmsUrl: value?.cmsUrl ?? answers.cmsUrlOf(pageUrl) ?? pageUrl,
        answer: value,
        error: value ? null : whyNot(found, options),
        conflicts,
      });
    },
    {
      onUntouched: (why) =>
        sayOncePerPage(pageUrl, why, () =>
          untouchedLines.say({
            level: 'warn',
            page: pageUrl,
            cause: why,
            line: (pages) =>
              why === 'too-long'
                ? `${pages}: its head did not end within its first ${MAX_HEAD_BYTES / 1024 / 1024} MiB; served as rendered, without head data.`
                : `${pages}: its head is not UTF-8; served as rendered, without head data.`,
          }),
        ),
    },
  );
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
};

/** Pages whose head went out untouched, and why: said once per page and cause, not on every view. */
const untouched = new Map<string, string>();
/** One line for the pages of one cause (a catch-all route whose layout never ends its head, seen by a crawler). */
const untouchedLines = groupedLog(sharedLogger);

function sayOncePerPage(pageUrl: string, why: string, say: () => void): void {
  if (untouched.get(pageUrl) === why) return;
  untouched.delete(pageUrl);
  untouched.set(pageUrl, why);
  // Bounded as the page cache's default is: a visitor naming pages cannot grow it.
  if (untouched.size > 1000) untouched.delete(untouched.keys().next().value as string);
  say();
}

/** The page's head with its tags and the inspection island for the dev toolbar app. */
function withInspection(
  head: string,
  rewritten: string,
  view: {
    pageUrl: string;
    apiBase: string;
    cmsUrl: string;
    answer: PageAnswer | null;
    error: string | null;
    conflicts: Pick<RewriteOptions, 'onConflict' | 'jsonLdConflict' | 'headOnly'>;
  },
): string {
  const inspection = inspectPage({
    url: view.pageUrl,
    cmsUrl: view.cmsUrl,
    apiBase: view.apiBase,
    records: view.answer?.data.schemas ?? [],
    documents: view.answer?.plan.documents,
    findings: view.answer?.plan.findings ?? [],
    html: rewritten,
    error: view.error,
  });
  const island = { key: 'script:astro-schema-manager-inspection', html: renderInspectionIsland(inspection) };
  return rewriteHead(head, [...(view.answer?.plan.tags ?? []), island], view.conflicts).html;
}
