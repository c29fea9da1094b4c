// What a page's tags and JSON-LD point at: a canonical off the site, to no built page, to a redirect or an
// error page, or spelled otherwise than served; og:url against the canonical; images not in the build; a type
// the page's own JSON-LD and the CMS's both describe; CMS addresses and off-site @ids left in JSON-LD.
import { typesDescribedTwice } from '../head/json-ld-type.ts';
import { decodedPath, emptyLabel, pageHref } from '../url-forms.ts';
import { checkImageAddresses, unbasedFile } from './check-image-addresses.ts';
import type { PageFacts } from './page-facts.ts';
import { listUrls, pageKey, resolve, type SiteView } from './site-view.ts';

/** @example checkLinks(viewSite(input)) */
export function checkLinks(view: SiteView): void {
  const { input, site, pages, byKey, where, isRedirect, isNotFoundPage, add } = view;
  // Under trailingSlash 'ignore' both spellings are served; a directory given to `check` says how by its pages.
  const spellingMatters = input.trailingSlash !== 'ignore';
  const misspelled: Array<{ page: PageFacts; canonical: string; served: string }> = [];
  const built = { url: site, files: input.files };
  // Which page a canonical that leaves the site's base path out meant.
  const leftOutBase = (canonical: URL): string => {
    const based = view.basedPage(canonical);
    return based
      ? `; ${based.href} is: the canonical leaves out the site's base path ${site.pathname} (as Next.js's metadata does with a basePath). Write the address with the base`
      : '';
  };
  for (const page of pages) {
    if (isRedirect(page)) continue;
    // An error page is served with its error status, for many addresses: no one reads its canonical.
    const named = isNotFoundPage(page) ? null : where(page).canonical;
    const canonical = named?.url ?? null;
    if (canonical) {
      if (emptyLabel(canonical.hostname)) {
        add(
          'canonical-malformed',
          page.url,
          'link rel=canonical',
          `The canonical ${canonical.href} has no host a search engine can reach ("${canonical.hostname}" has an empty label: two dots in a row, or a dot first). A template that joins the site's address and the path often adds the dot: name this page by its own address.`,
        );
      } else if (canonical.origin !== site.origin) {
        add(
          'canonical-off-site',
          page.url,
          'link rel=canonical',
          canonical.host === site.host
            ? `The canonical ${canonical.href} uses ${canonical.protocol}// where the site is ${site.protocol}//: search engines index that address instead of this one. Write it with ${site.protocol}//.`
            : `The canonical points off the site, to ${canonical.href}: search engines index that page instead of this one. Right for a post syndicated from there (if all are, turn canonical-off-site off: severity: { 'canonical-off-site': 'off' } in the integration, --severity canonical-off-site=off in check); otherwise name this page.`,
        );
      } else {
        const target = named && byKey.get(named.key);
        // A page rendered on request is not in the output, and not missing either.
        if (!target && !input.servedOnDemand?.(canonical.pathname))
          add(
            'canonical-not-built',
            page.url,
            'link rel=canonical',
            `The canonical ${canonical.href} is not a page of this build${leftOutBase(canonical)}.`,
          );
        else if (target && isRedirect(target))
          add(
            'canonical-to-redirect',
            page.url,
            'link rel=canonical',
            `The canonical ${canonical.href} is a redirect (to ${target.refreshTo}); point it at the final page.`,
          );
        else if (target && isNotFoundPage(target))
          add(
            'canonical-to-not-found',
            page.url,
            'link rel=canonical',
            `The canonical ${canonical.href} is the site's error page.`,
          );
        else if (target && spellingMatters && spelledOtherwise(canonical, target, site))
          misspelled.push({ page, canonical: canonical.href, served: target.url });
      }
    }
    const ogUrl = page.ogUrl ? resolve(page.ogUrl, page.url) : null;
    if (canonical && ogUrl && ogUrl.href !== canonical.href)
      add(
        'og-url-mismatch',
        page.url,
        'og:url',
        `og:url ${ogUrl.href} differs from the canonical ${canonical.href}.`,
      );

    // One finding per missing file, naming every tag that points at it (twitter:image often repeats og:image).
    const missing = new Map<string, { file: string; tags: string[]; unbased?: string }>();
    checkImageAddresses(page, add, built);
    for (const image of page.images) {
      const url = resolve(image.value, page.url);
      if (!url || url.origin !== site.origin) continue;
      if (!url.pathname.startsWith(site.pathname)) {
        const unbased = unbasedFile(url, built);
        if (unbased === null) continue;
        const entry = missing.get(url.href) ?? { file: unbased, tags: [], unbased };
        entry.tags.push(image.tag);
        missing.set(url.href, entry);
        continue;
      }
      const file = decodedPath(url.pathname.slice(site.pathname.length));
      if (input.files.has(file)) continue;
      const entry = missing.get(url.href) ?? { file, tags: [] };
      entry.tags.push(image.tag);
      missing.set(url.href, entry);
    }
    for (const [href, { file, tags, unbased }] of missing) {
      add(
        'image-not-built',
        page.url,
        tags[0]!,
        unbased
          ? `${tags.join(' and ')} ${href} leaves out the site's base (${site.pathname}): the build's ${unbased} is served at ${pageHref(site.href, `/${unbased}`)}, and this address is not the site's. Write the image's address with the base.`
          : `${tags.join(' and ')} ${href} is on this site but ${file} is not in the build output.${underBase(file, input.files, site)}`,
      );
    }

    for (const type of typesTwice(page)) {
      const others = keptWhole(page, type);
      add(
        'json-ld-type-twice',
        page.url,
        '<script type="application/ld+json">',
        others.length === 0
          ? `${type} is described twice: by the page's own JSON-LD (its theme or layout) and by the CMS's. Search engines may take either, or see two: let the CMS's replace the page's (jsonLdConflict: 'api'), remove it from the theme, or leave ${type} out of the CMS's.`
          : `${type} is described twice: by the page's own JSON-LD (its theme or layout) and by the CMS's. Search engines may take either, or see two; the page's script that holds it also describes ${others.join(', ')}, so jsonLdConflict: 'api' keeps it whole: turn the theme's ${type} off (a theme or plugin option, or its layout), or leave ${type} out of the CMS's.`,
      );
    }

    for (const link of page.jsonLdLinks) {
      const url = resolve(link.value, page.url);
      if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) continue;
      const kept = (input.cmsKeptPrefixes ?? []).some((prefix) => url.pathname.startsWith(prefix));
      if (input.cmsOrigin && url.origin === input.cmsOrigin && url.origin !== site.origin && !kept) {
        add(
          'cms-url-in-json-ld',
          page.url,
          link.path,
          `${link.value} is on the CMS's address; readers of this page would be sent to the CMS.`,
        );
      } else if (link.topLevel && url.origin !== site.origin && link.path.endsWith('["@id"]')) {
        add(
          'off-site-id-in-json-ld',
          page.url,
          link.path,
          `The node's @id ${link.value} is off the site; a page's own nodes are identified on its address.`,
        );
      }
    }
  }

  // One finding for them all: a layout that writes its canonicals one way writes every page's so.
  if (misspelled.length > 0) {
    const urls = misspelled.map(({ page }) => page.url);
    const [first] = misspelled;
    const example = `${first!.canonical} for ${first!.served}`;
    add(
      'canonical-spelling',
      urls[0]!,
      'link rel=canonical',
      `${misspelled.length === 1 ? 'The canonical names its page' : `${misspelled.length} canonicals name their page`} with another spelling than the site serves it at (${example}${misspelled.length > 1 ? `; ${listUrls(urls)}` : ''}): that address redirects or is a 404; write it as served, trailing slash included.`,
      urls,
    );
  }
}

/**
 * The types both the page's own JSON-LD and this package's describe, each once. Two nodes with one `@id` are one
 * thing described in two places (a JSON-LD reader merges them), not two.
 */
function typesTwice(page: PageFacts): string[] {
  const { ours, page: theirs } = page.jsonLdNodes;
  return [...new Set(ours.flatMap((node) => typesDescribedTwice(node, theirs)))];
}

/**
 * What else the page's own scripts that describe `type` twice describe, when `jsonLdConflict: 'api'` would keep
 * one of them whole (as it keeps a `@graph` holding a BlogPosting and its BreadcrumbList, as starlight-blog writes
 * it): the CMS's cannot replace it, and the finding must not say it can. Empty when every such script would go.
 */
function keptWhole(page: PageFacts, type: string): string[] {
  const { ours, pageScripts } = page.jsonLdNodes;
  const others = new Set<string>();
  for (const nodes of pageScripts) {
    if (!nodes.some((node) => typesDescribedTwice(node, ours).includes(type))) continue;
    const left = nodes.filter((node) => typesDescribedTwice(node, ours).length === 0);
    for (const node of left) for (const name of node.types) others.add(name);
  }
  return [...others];
}

/** One key for the forms a server answers a page at: `/a`, `/a/`, `/a/index.html`, `/a.html`. */
/**
 * Whether `named` is the page written with another trailing slash than it is served at. Its own file's address
 * (`/about.html`, which Astro.url gives a page of the `file` and `preserve` formats) is served by every host.
 */
function spelledOtherwise(named: URL, page: PageFacts, site: URL): boolean {
  const path = decodedPath(named.pathname);
  if (path === decodedPath(new URL(page.url).pathname)) return false;
  return path !== decodedPath(new URL(page.file, site).pathname);
}

/**
 * What a missing image says of the site's address when the build holds its file without its first folders
 * (`shop/og.png` missing, `og.png` built): a site served under `/shop/` serves that file at the image's
 * address, and pages whose canonicals leave the base out (Next.js's `basePath` with `alternates.canonical`)
 * made `check` take the site for the origin's root. Empty when no such file is built.
 * @example underBase('shop/og.png', new Set(['og.png']), new URL('https://a.example/')) // ' The build has og.png, …'
 */
function underBase(file: string, files: ReadonlySet<string>, site: URL): string {
  for (let cut = file.indexOf('/'); cut !== -1; cut = file.indexOf('/', cut + 1)) {
    const rest = file.slice(cut + 1);
    if (rest === '' || !files.has(rest)) continue;
    const base = `${site.pathname}${file.slice(0, cut + 1)}`;
    return ` The build has ${rest}, which a site under ${base} serves at this address: if the site is served there, its address is ${pageHref(site.origin, base)} (check's --site), and its canonicals that leave ${base} out name no page; otherwise point the image at ${pageHref(site.href, `/${rest}`)}.`;
  }
  return '';
}
