// The forms one page address takes. Astro names pages by decoded paths (`/блог/привет/`); browsers, Astro.url,
// sitemaps and `new URL()` send them percent-encoded with capital hex (`/%D0%B1…/`); WordPress makes
// permalinks with small hex (`/%d0%b1…/`); people type them decoded. A page's URL is written in the first
// encoded form everywhere in this package, and a CMS record matches it in any of the others.

/**
 * A page's URL from the address its path follows and the page's decoded path, percent-encoded as `new URL()`
 * encodes it (what Astro.url, @astrojs/sitemap and browsers give). `%`, `?` and `#` in the path are part of
 * its name.
 *
 * @example pageHref('https://a.dev', '/café/') // 'https://a.dev/caf%C3%A9/'
 */
export function pageHref(prefix: string, path: string): string {
  const escaped = path.replace(/[%?#]/g, (char) => encodeURIComponent(char));
  return new URL(`${prefix.replace(/\/+$/, '')}${escaped}`).href;
}

/**
 * The decoded path of a URL's pathname (`/caf%C3%A9/` -> `/café/`); the pathname as it is when it does not
 * decode (a stray `%`, bytes that are not UTF-8).
 *
 * @example decodedPath('/caf%c3%a9/') // '/café/'
 */
export function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/**
 * What makes two spellings of an address the same page: the origin, the decoded path and the query, with ASCII
 * letters in either case (WordPress's tables compare text without regard to case, so its API finds `/About/`
 * when asked for `/about/`). The spellings above all give one identity; a string that is no URL is its own.
 * The escapes of `/`, `?`, `#` and `%` stay escapes: `/a%2Fb/` is one segment, not the page `/a/b/`.
 *
 * @example urlIdentity('https://a.dev/Caf%c3%a9/') === urlIdentity('https://a.dev/café/') // true
 * @example urlIdentity('https://a.dev/a%2Fb/') === urlIdentity('https://a.dev/a/b/') // false
 */
export function urlIdentity(url: string | URL): string {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return caseFolded(String(url));
  }
  return caseFolded(`${parsed.origin}${pathIdentity(parsed.pathname)}${parsed.search}`);
}

// An escaped separator or `%`, or a `%` that starts no escape (it stands for itself, as `%25` does).
const KEPT_ESCAPE = /(%(?:2f|3f|23|25)|%(?![0-9a-f]{2}))/i;

/**
 * A pathname decoded but for its kept escapes (UTF-8 never uses their bytes), a lone `%` written `%25`; a run
 * of escapes that is not UTF-8 stays as it is, the runs around it decoded.
 */
function pathIdentity(pathname: string): string {
  return pathname
    .split(KEPT_ESCAPE)
    .map((part, index) =>
      index % 2 === 1 ? (part === '%' ? '%25' : part) : part.replace(/(?:%[0-9a-f]{2})+/gi, decodedPath),
    )
    .join('');
}

/** ASCII letters in small case; others as they are (a percent-encoded letter is compared by its escape). */
function caseFolded(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/** How the escapes of a URL's path are written. */
export type EscapeSpelling = 'as-given' | 'encoded' | 'decoded' | 'small-hex';

/**
 * The spellings a CMS may have stored a URL under, the URL as given first: when its path holds characters
 * that are percent-encoded in a URL, also encoded (as a browser sends it, when given decoded), decoded (typed
 * by hand) and with small hex (WordPress permalinks). Spellings that come out the same are given once.
 *
 * @example spellingsOf('https://a.dev/caf%C3%A9/').map((s) => s.url) // ['https://a.dev/caf%C3%A9/', 'https://a.dev/café/', 'https://a.dev/caf%c3%a9/']
 * @example spellingsOf('https://a.dev/café/').map((s) => s.url) // ['https://a.dev/café/', 'https://a.dev/caf%C3%A9/', 'https://a.dev/caf%c3%a9/']
 */
export function spellingsOf(url: string): Array<{ spelling: EscapeSpelling; url: string }> {
  const given = [{ spelling: 'as-given' as const, url }];
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return given;
  }
  if (!parsed.pathname.includes('%')) return given;
  const around = (path: string) => `${parsed.origin}${path}${parsed.search}${parsed.hash}`;
  const all = [
    ...given,
    { spelling: 'encoded' as const, url: around(parsed.pathname) },
    // Separators (`%2F`, `%3F`, `%23`) stay encoded: decoded, they would name another path, or a query; so do
    // a backslash (a URL parser reads `\` as `/`) and a space at the end (which a parser trims).
    {
      spelling: 'decoded' as const,
      url: around(
        readableUrl(parsed.pathname)
          .replace(/\\/g, '%5C')
          .replace(/ +$/, (spaces) => '%20'.repeat(spaces.length)),
      ),
    },
    {
      spelling: 'small-hex' as const,
      url: around(parsed.pathname.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase())),
    },
  ];
  return all.filter((entry, index) => all.findIndex((other) => other.url === entry.url) === index);
}

/**
 * A URL as people read it: percent-encoded characters shown as themselves, where that changes nothing about
 * the address (`/` and other separators stay encoded). For messages, never for matching.
 *
 * @example readableUrl('https://a.dev/caf%C3%A9/') // 'https://a.dev/café/'
 */
export function readableUrl(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

/**
 * A pathname as seen from inside the site: what follows `base` (Astro's `base`, with or without its slashes),
 * always starting with `/`. A pathname outside `base` is given back as it is: `/docsfoo` is not under `/docs`.
 *
 * @example pathInSite('/docs/guides/', '/docs') // '/guides/'
 * @example pathInSite('/docs', '/docs/') // '/'
 */
export function pathInSite(pathname: string, base: string): string {
  const prefix = base.replace(/\/+$/, '');
  if (prefix === '' || prefix === '/') return pathname;
  if (pathname === prefix) return '/';
  return pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : pathname;
}

/**
 * The URLs to look a page up by, in order: the exact URL first, then the same URL with the other trailing
 * slash (CMSs store either form; the API matches exactly). The URL is taken as written, so a decoded or
 * small-hex spelling stays that spelling.
 *
 * @example urlVariants('https://x.com/a/') // ['https://x.com/a/', 'https://x.com/a']
 */
export function urlVariants(url: string): string[] {
  const authority = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0];
  if (authority === undefined) return [url];
  const rest = url.slice(authority.length);
  const cut = rest.search(/[?#]/);
  const path = cut === -1 ? rest : rest.slice(0, cut);
  const tail = cut === -1 ? '' : rest.slice(cut);
  if (path === '' || path === '/') return [url];
  return [url, `${authority}${path.endsWith('/') ? path.slice(0, -1) : `${path}/`}${tail}`];
}

/**
 * The fragment of a page URL, `#` included (`#top`), or null when it has none. A browser never sends it, so no
 * page is ever looked up by a URL that has one (an empty `#` included).
 *
 * @example urlFragment('https://a.dev/page#top') // '#top'
 */
export function urlFragment(url: string): string | null {
  const at = url.indexOf('#');
  return at === -1 ? null : url.slice(at);
}

/**
 * Whether a host name has an empty label (`cook.example.net..`, `.example.com`), which no DNS name has; a single
 * final dot (`example.com.`, the fully qualified form) is not one.
 */
export function emptyLabel(hostname: string): boolean {
  const labels = hostname.replace(/\.$/, '');
  return labels.startsWith('.') || labels.endsWith('.') || labels.includes('..');
}
