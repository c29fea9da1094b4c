// From the options to what planning needs: the plan context, and the URL the CMS knows each page by. Apart
// from plan-page.ts, which the staging thread loads: these need the options' and the client's modules, it does not.
import { buildStopped } from './failures.ts';
import { type ResolvedOptions, requireApi } from './options.ts';
import type { BuiltPage, SiteLayout } from './pages.ts';
import type { PlanContext } from './plan-page.ts';

/** What planning needs from the options: the same at build time and at request time. */
export function planContextFor(
  options: ResolvedOptions,
  layout: Pick<SiteLayout, 'site' | 'trailingSlash'>,
): PlanContext {
  return {
    cmsOrigin: new URL(requireApi(options)).origin,
    siteOrigin: new URL(layout.site).origin,
    trailingSlash: layout.trailingSlash,
    rewriteUrls: options.rewriteUrls,
    keepPathPrefixes: options.keepPathPrefixes,
    graph: options.graph,
    socialFallback: options.socialFallback,
    validation: options.validate === 'off' ? null : { rules: options.rules, severity: options.severity },
  };
}

export const CMS_URL_HINT = 'Make the cmsUrl option return the absolute URL the CMS stores for that page.';

/**
 * The URL the CMS knows a page by, through the `cmsUrl` option when there is one; throws an Error saying
 * what the option did (threw, or returned something that is not an absolute http(s) URL).
 *
 * @example mapToCmsUrl('https://www.example.com/a/', (url) => url.replace('www.', 'cms.')) // 'https://cms.example.com/a/'
 */
export function mapToCmsUrl(pageUrl: string, cmsUrl: ResolvedOptions['cmsUrl']): string {
  if (!cmsUrl) return pageUrl;
  let mapped: unknown;
  try {
    mapped = cmsUrl(pageUrl);
  } catch (error) {
    throw new Error(`cmsUrl("${pageUrl}") threw: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof mapped !== 'string' || !/^https?:\/\//.test(mapped)) {
    throw new Error(`cmsUrl("${pageUrl}") returned ${JSON.stringify(mapped)}, not an absolute http(s) URL.`);
  }
  return mapped;
}

/** The URL the CMS knows a built page by; a `cmsUrl` option that fails stops the build, naming the page. */
export function cmsUrlFor(page: BuiltPage, options: ResolvedOptions): string {
  try {
    return mapToCmsUrl(page.url, options.cmsUrl);
  } catch (error) {
    throw buildStopped((error as Error).message, CMS_URL_HINT);
  }
}
