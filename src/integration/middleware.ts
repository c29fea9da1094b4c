// The request-time pass: pages served by `astro dev` and on-demand pages of a server build get the same
// head as prerendered pages get at build time. Prerendered pages are left to the build pass.

import bakedConfig from 'virtual:astro-schema-manager/config';
import type { MiddlewareHandler } from 'astro';
import type { ProbeResult, SchemaClient } from '../client/index.ts';
import { rewriteHead } from '../head/index.ts';
import { splitApiCredentials } from './api-credentials.ts';
import { clientForOptions } from './options.ts';
import { isExcluded } from './pages.ts';
import { planContextFor, planPage } from './plan-page.ts';
import { type PageReader, pageReader } from './read-page-data.ts';
import { formatFinding } from './report.ts';
import { type RuntimeConfig, sharedRuntimeConfig } from './runtime-config.ts';

/** How long what the server can do is trusted before it is asked again. */
const PROBE_TTL_MS = 60_000;

let client:
  | {
      key: string;
      client: SchemaClient;
      probe?: { at: number; answer: Promise<ProbeResult> };
      /** Per capability: readers remember which trailing slash the CMS uses. */
      readers?: Map<boolean, PageReader>;
    }
  | undefined;

/** One pooled client per process, rebuilt only when the options change (a dev server restart). */
function clientFor(config: RuntimeConfig): NonNullable<typeof client> {
  const { options } = config;
  // A built server has no credentials in its bundle: they come from its environment, in either form.
  const inline = runtimeInlineCredentials(options.api);
  // An empty variable counts as unset, as at build time.
  const username = options.username ?? (process.env.SCHEMA_MANAGER_USER || inline.username);
  const password = options.password ?? (process.env.SCHEMA_MANAGER_PASSWORD || inline.password);
  const key = `${options.api}\n${username ?? ''}\n${options.timeoutMs}`;
  if (client?.key !== key) {
    void client?.client.close();
    client = {
      key,
      client: clientForOptions(options, { username, password }),
    };
  }
  return client;
}

/** `user:password@` of SCHEMA_MANAGER_API in the running server's environment, when it names the built-in API. */
function runtimeInlineCredentials(api: string | undefined): {
  username?: string | undefined;
  password?: string | undefined;
} {
  const address = process.env.SCHEMA_MANAGER_API;
  if (!address || !api) return {};
  try {
    const split = splitApiCredentials(address);
    // Only for the API the site was built against.
    return split.api.replace(/\/+$/, '') === api.replace(/\/+$/, '') ? split : {};
  } catch {
    return {};
  }
}

/** The server's routes and the credentials' capabilities, asked once a minute rather than once a page view. */
function probeOf(cached: NonNullable<typeof client>): Promise<ProbeResult> {
  if (!cached.probe || Date.now() - cached.probe.at > PROBE_TTL_MS) {
    const answer = cached.client.probe();
    cached.probe = { at: Date.now(), answer };
    // A failed probe is not remembered: the next page view asks again.
    answer.catch(() => {
      if (cached.probe?.answer === answer) cached.probe = undefined;
    });
  }
  return cached.probe.answer;
}

export const onRequest: MiddlewareHandler = async (context, next) => {
  const response = await next();
  const config = sharedRuntimeConfig() ?? bakedConfig;
  const dev = config.command === 'dev';
  if (dev ? !config.options.dev : !config.options.onDemand || context.isPrerendered) return response;
  if (!(response.headers.get('content-type') ?? '').includes('text/html') || response.status >= 300)
    return response;

  const { options, layout } = config;
  const pathname = context.url.pathname;
  const relative = pathname.startsWith(layout.base)
    ? `/${pathname.slice(layout.base.length).replace(/^\/+/, '')}`
    : pathname;
  if (isExcluded(relative, options.exclude)) return response;

  // A page is known by its path: a query string (tracking, pagination) does not name another page.
  const pageUrl = new URL(pathname, layout.site).toString();
  const cmsUrl = options.cmsUrl ? options.cmsUrl(pageUrl) : pageUrl;
  const cached = clientFor(config);
  const api = cached.client;
  let html = await response.text();
  try {
    const probe = await probeOf(cached);
    const canReadTags = probe.canManageOptions && probe.routes.meta && probe.routes.social;
    cached.readers ??= new Map();
    const read = cached.readers.get(canReadTags) ?? pageReader(api, canReadTags);
    cached.readers.set(canReadTags, read);
    const page = { file: '', url: pageUrl, pathname: relative };
    const plan = planPage(page, cmsUrl, await read(cmsUrl), planContextFor(options, layout.site));
    for (const finding of plan.findings) {
      if (finding.severity !== 'info') console.warn(`[astro-schema-manager] ${formatFinding(finding)}`);
    }
    html = rewriteHead(html, plan.tags, { onConflict: options.onConflict }).html;
  } catch (error) {
    // A page is better served without its schemas than not at all; the build pass is where this fails hard.
    console.warn(
      `[astro-schema-manager] ${pageUrl}: head data not added: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
};
