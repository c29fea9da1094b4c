// A page's og:image and twitter:image at an address no one who shares the page can fetch: written relative, or
// on this machine (localhost). Checks of the page alone, which need no site address (so `check` makes them on a
// directory whose address it cannot tell too); where the site is known, the finding names where it serves the file.
import { decodedPath, pageHref } from '../url-forms.ts';
import type { PageFacts } from './page-facts.ts';
import { resolve, type SiteView } from './site-view.ts';

/** The site's address and the files of its build, where known. */
export interface BuiltSite {
  url: URL;
  files: ReadonlySet<string>;
}

/** A loopback or unspecified host: an address on the machine that built the page, no one else's. */
const LOCAL_HOST = /^(?:localhost|.+\.localhost|127(?:\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0|\[::\])$/i;

/**
 * One finding per address and kind, naming every tag that gives it: image-not-absolute for a relative one (with
 * the whole address to write), image-on-localhost for one on localhost (Next.js's metadata writes
 * `http://localhost:3000/og.png` when `metadataBase` is not set).
 * @example checkImageAddresses(page, view.add, { url: view.site, files: view.input.files })
 */
export function checkImageAddresses(
  page: PageFacts,
  add: SiteView['add'],
  site: BuiltSite | null = null,
): void {
  const relative = new Map<string, string[]>();
  const local = new Map<string, string[]>();
  // A page that is itself on this machine (a site built for a local preview) is not shared from there.
  const pageIsLocal = LOCAL_HOST.test(URL.parse(page.url)?.hostname ?? '');
  for (const image of page.images) {
    const written = image.value.trim();
    const into = /^https?:\/\//i.test(written)
      ? LOCAL_HOST.test(URL.parse(written)?.hostname ?? '') && !pageIsLocal
        ? local
        : null
      : written === ''
        ? null
        : relative;
    into?.set(image.value, [...(into.get(image.value) ?? []), image.tag]);
  }
  // Facebook, X and LinkedIn fetch the address as written, not against the page's: a relative one shows no image.
  for (const [value, tags] of relative) {
    const resolved = resolve(value, page.url);
    const url = resolved && /^https?:$/.test(resolved.protocol) ? resolved : null;
    // Written whole against the page's address (not a file's, when the site's is unknown), where the build has it.
    const whole = url && ((site && unbasedImage(url, site)) ?? url);
    add(
      'image-not-absolute',
      page.url,
      tags[0]!,
      `${tags.join(' and ')} ${JSON.stringify(value)} is not an absolute http(s) address: Facebook, X and LinkedIn read it as written, not against the page's address, and show no image when the page is shared. Write it whole${whole ? ` (${whole.href})` : ''}.`,
    );
  }
  for (const [value, tags] of local) {
    const url = new URL(value.trim());
    const served = site && servedImage(url, site);
    add(
      'image-on-localhost',
      page.url,
      tags[0]!,
      `${tags.join(' and ')} ${url.href} is on ${url.host}, the machine that built the page: Facebook, X, LinkedIn and search engines fetch it from theirs, and show no image when the page is shared. Give the site's address (in Next.js, metadataBase)${served ? `: the build's ${served.file} is at ${served.url.href}` : ''}.`,
    );
  }
}

/**
 * The file of the build an address outside the site's base names once the base is put in (`/img/og.png` on a
 * site under /blog/, where the build holds `img/og.png`); null for any other address: another site of the
 * origin may serve it.
 */
export function unbasedFile(url: URL, site: BuiltSite): string | null {
  if (url.origin !== site.url.origin || url.pathname.startsWith(site.url.pathname)) return null;
  const file = decodedPath(url.pathname.slice(1));
  return site.files.has(file) ? file : null;
}

function unbasedImage(url: URL, site: BuiltSite): URL | null {
  const file = unbasedFile(url, site);
  return file === null ? null : new URL(pageHref(site.url.href, `/${file}`));
}

/** Where the site serves the build's file that a localhost address's path names, with or without the base. */
function servedImage(url: URL, site: BuiltSite): { file: string; url: URL } | null {
  const path = decodedPath(url.pathname);
  const base = site.url.pathname;
  const file = [path.startsWith(base) ? path.slice(base.length) : null, path.slice(1)].find(
    (candidate) => candidate && site.files.has(candidate),
  );
  return file ? { file, url: new URL(pageHref(site.url.href, `/${file}`)) } : null;
}
