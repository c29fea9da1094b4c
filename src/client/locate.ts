// Where calls go: reading WordPress' REST discovery header, and telling from an answer whether the
// pretty form (`/wp-json/...`) reached the API or the plain form (`?rest_route=`) must be tried.
import { readTags } from '../read-tags.ts';
import { readBody } from './body.ts';
import { headerText, type RawAnswer } from './exchange.ts';
import { type ApiLocation, locateFromRoot } from './urls.ts';

const API_REL = 'https://api.w.org/';

/**
 * The REST root a WordPress page advertises in `Link: <https://site/wp-json/>; rel="https://api.w.org/"`,
 * resolved against the page's address; null without one.
 *
 * @example
 * restRootFromLink('<https://s/?rest_route=/>; rel="https://api.w.org/"', 'https://s/') // 'https://s/?rest_route=/'
 */
export function restRootFromLink(link: string | string[] | undefined, pageUrl: string): string | null {
  const values = Array.isArray(link) ? link : link ? [link] : [];
  for (const value of values.map(headerText)) {
    for (const match of value.matchAll(/<([^>]*)>\s*((?:;[^,<]*)*)/g)) {
      const rels = /;\s*rel\s*=\s*"?([^";]*)"?/i.exec(match[2] ?? '')?.[1]?.split(/\s+/) ?? [];
      if (!rels.includes(API_REL)) continue;
      try {
        return new URL(match[1] ?? '', pageUrl).href;
      } catch {}
    }
  }
  return null;
}

/**
 * The REST root a WordPress page advertises in its head, `<link rel="https://api.w.org/" href="…">`: for a site
 * whose answers lost their headers (PHP output before them, as a BOM in a plugin file makes); null without one.
 *
 * @example restRootFromHtml('<head><link rel="https://api.w.org/" href="/wp-json/"></head>', 'https://s/') // 'https://s/wp-json/'
 */
export function restRootFromHtml(html: string, pageUrl: string): string | null {
  let found: string | null = null;
  let body = false;
  readTags(
    html,
    {
      onOpenTag(name, attributes) {
        // A link in the body is not the head's.
        if (name === 'body') body = true;
        if (body || found !== null || name !== 'link') return;
        const rels = (attributes.rel ?? '').toLowerCase().split(/\s+/);
        if (rels.includes(API_REL) && attributes.href)
          found = URL.parse(attributes.href, pageUrl)?.href ?? null;
      },
    },
    // The link is in the head: no need to read past it.
    { stop: () => found !== null || body },
  );
  return found;
}

function header(raw: RawAnswer, name: string): string {
  const value = raw.headers[name];
  return headerText((Array.isArray(value) ? value[0] : value) ?? '');
}

/** Whether a URL looks like a REST address (a redirect there is the API moving, not a website answering). */
function isRestAddress(url: string): boolean {
  return /\/wp-json(\/|$)|[?&]rest_route=/.test(url);
}

/**
 * Whether an answer to the pretty form says the plain form should be tried: WordPress' JSON 404
 * `rest_no_route`, a web server's 404 or 405 page, an HTML or text page where JSON was due (a front controller
 * serving the home page), or a redirect to a page that is not a REST address. Each says the request never
 * reached the API, so sending it again (a write too) does nothing twice. A web server's other error pages do
 * not: a 504 may come while WordPress still runs the request, and a 413 or a 502 is the same at either address.
 */
export function wantsPlainForm(raw: RawAnswer): boolean {
  const reading = readBody(raw.text);
  if (raw.status >= 300 && raw.status < 400) return !isRestAddress(header(raw, 'location'));
  if (reading.kind === 'html' || reading.kind === 'text')
    return (raw.status >= 200 && raw.status < 300) || raw.status === 404 || raw.status === 405;
  if (raw.status !== 404) return false;
  return reading.kind !== 'json' || (reading.value as { code?: unknown } | null)?.code === 'rest_no_route';
}

/** Whether an answer is JSON from a REST API (a route that exists, or a WordPress error other than no route). */
export function answersAsApi(raw: RawAnswer): boolean {
  const reading = readBody(raw.text);
  if (reading.kind !== 'json') return false;
  return !(raw.status === 404 && (reading.value as { code?: unknown } | null)?.code === 'rest_no_route');
}

/** The folder of the site a location is in: `/site2/` for `/site2/index.php` and `/site2/wp-json/ns/v1` alike. */
export function siteFolderOf(location: ApiLocation): string {
  return new URL(location.plainEntry).pathname.replace(/[^/]*$/, '');
}

/** The address of the site an API location is on: its origin and folder (`https://a.dev/site2/`). */
export function siteAddressOf(location: ApiLocation): string {
  return `${new URL(location.plainEntry).origin}${siteFolderOf(location)}`;
}

/**
 * The API's location on the site an answer comes from, when that is another site on the same origin than the
 * one the call was meant for; null when it is the same, or the answer does not say. Every WordPress answer, its
 * REST API's too, names its site's REST root in `Link: <…>; rel="https://api.w.org/"`: on a multisite network
 * an address no sub-site has (`/sit2/`, mistyped) is answered by the main site, with the main site's root.
 *
 * @example
 * answeringSiteElsewhere(answerWithLink('<https://n.dev/wp-json/>'), locateApi('https://n.dev/sit2/wp-json/ns/v1')!)
 * // the location of https://n.dev/wp-json/ns/v1
 */
export function answeringSiteElsewhere(raw: RawAnswer, expected: ApiLocation): ApiLocation | null {
  const root = restRootFromLink(raw.headers.link, raw.url);
  if (root === null) return null;
  const answering = locateFromRoot(root, expected.route);
  // A root on another origin (a proxy in front, a WordPress Address naming another host) says nothing of folders.
  if (answering === null || new URL(answering.plainEntry).origin !== new URL(expected.plainEntry).origin)
    return null;
  return siteFolderOf(answering) === siteFolderOf(expected) ? null : answering;
}
