// Where a built directory's site lives, for `check`'s audit: `--site`, else the address its pages or sitemaps
// name, under the base path the files its pages load say it is served at.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AssetBase, assetBasesOf, commonAssetBase } from '../audit/asset-base.ts';
import { decodePage } from '../audit/decode-page.ts';
import { readPageFacts } from '../audit/index.ts';
import { listOutputFiles } from '../audit/read-output.ts';
import { isErrorPageFile } from '../audit/site-view.ts';
import { readSitemap } from '../read-sitemap.ts';
import { decodedPath, emptyLabel } from '../url-forms.ts';
import { inputFileProblem } from './read-input.ts';

/** Pages below the top whose own address is read to find the site's, when nothing above says it. */
const DEEP_PAGES = 50;
/** Sitemap entries read for the same. */
const SITEMAP_PAGES = 50;
/** Pages whose own files' addresses are read for the base path the site is served under. */
const ASSET_PAGES = 10;

/** Where a built directory says its site lives, and how sure that is. */
export interface SiteFound {
  /** The address the audit uses: `--site`, else the one named below under the base the pages' files say. */
  site: string | null;
  /** The address the pages (or sitemaps) name; null when none does. */
  named: string | null;
  /** The base path the pages load their own files under (`/docs/` for `/docs/_next/app.js`), when they do. */
  assets: AssetBase | null;
}

/**
 * The site's address for a built directory: `--site`, else where the directory says it lives: its home page's
 * canonical (or og:url), another page at its top, a sitemap named by the sitemap index or robots.txt (the
 * address @astrojs/sitemap writes from Astro's `site`), then a page further down. Each page counts only when
 * it names its own file's address. The pages' own files then say the base path: a page that loads
 * `/docs/_next/app.js` is served under `/docs/` even where its canonical leaves that out, as Next.js's metadata
 * does with a `basePath`.
 */
export function siteOf(dir: string, given: string | undefined): SiteFound {
  const top = readdirSync(dir).filter((name) => /\.html?$/i.test(name) && !isErrorPageFile(name));
  const ordered = [
    ...top.filter((name) => name === 'index.html'),
    ...top.filter((name) => name !== 'index.html'),
  ];
  const files = listOutputFiles(dir);
  const assets = assetBaseOf(dir, ordered, files);
  const named = siteNamed(dir, ordered, files);
  if (given) return { site: given.endsWith('/') ? given : `${given}/`, named, assets };
  const site =
    named && assets && new URL(named).pathname !== assets.base ? new URL(assets.base, named).href : named;
  return { site, named, assets };
}

function siteNamed(dir: string, top: string[], files: ReadonlySet<string>): string | null {
  const fromTop = siteNamedByPages(dir, top);
  if (fromTop) return fromTop;
  const fromSitemaps = siteNamedBySitemaps(dir, files);
  if (fromSitemaps) return fromSitemaps;
  return siteNamedByPages(dir, deepPages(files).slice(0, DEEP_PAGES));
}

/** Pages below the top, shallow first: a section's home is likelier to name itself than an archive page. */
function deepPages(files: ReadonlySet<string>): string[] {
  return [...files]
    .filter((file) => file.includes('/') && /\.html?$/i.test(file) && !isErrorPageFile(file))
    .sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
}

/** The base path most of a few pages' root-relative addresses of the directory's own files are under. */
function assetBaseOf(dir: string, top: string[], files: ReadonlySet<string>): AssetBase | null {
  const found: AssetBase[] = [];
  for (const file of [...top, ...deepPages(files)].slice(0, ASSET_PAGES)) {
    const path = join(dir, file);
    if (inputFileProblem(path)) continue;
    try {
      found.push(...assetBasesOf(decodePage(readFileSync(path)), files));
    } catch {
      // Unreadable (a broken link): the report names it.
    }
  }
  return commonAssetBase(found);
}

/** The site above the first of `files` whose canonical (or og:url) is its own address. */
function siteNamedByPages(dir: string, files: string[]): string | null {
  for (const file of files) {
    // Not a FIFO named like a page: reading one waits for a writer forever.
    if (inputFileProblem(join(dir, file))) continue;
    let said: string | null;
    try {
      const facts = readPageFacts(decodePage(readFileSync(join(dir, file))), 'https://site.invalid/', file);
      said = facts.canonical ?? facts.ogUrl;
    } catch {
      continue; // Unreadable (a broken link): the report names it.
    }
    // A canonical with an empty label in its host (`https://cook.example.net../`) names no site: the audit
    // reports it, on the address found elsewhere.
    const named = said && URL.canParse(said) ? new URL(said) : null;
    const site = named && !emptyLabel(named.hostname) ? siteAbove(file, named) : null;
    if (site) return site;
  }
  return null;
}

/**
 * The site above a sitemap of the directory that robots.txt or a sitemap index names by its address
 * (`Sitemap: https://example.com/blog/sitemap-index.xml` for `sitemap-index.xml`).
 */
function siteNamedBySitemaps(dir: string, files: ReadonlySet<string>): string | null {
  const named: string[] = [];
  const pages: string[] = [];
  const read = (file: string) => {
    const path = join(dir, file);
    return files.has(file) && !inputFileProblem(path) ? readFileSync(path, 'utf8') : '';
  };
  try {
    for (const line of read('robots.txt').split(/\r?\n/)) {
      const sitemap = /^\s*sitemap\s*:\s*(\S+)/i.exec(line)?.[1];
      if (sitemap) named.push(sitemap);
    }
    for (const file of [...files].filter((file) => /(?:^|\/)sitemap[^/]*\.xml$/i.test(file)).sort()) {
      const entries = readSitemap(read(file), SITEMAP_PAGES);
      named.push(...entries.sitemaps.slice(0, SITEMAP_PAGES));
      pages.push(...entries.pages.slice(0, SITEMAP_PAGES));
    }
  } catch {
    return null; // Unreadable: the audit reports the sitemaps it can read.
  }
  for (const address of named) {
    const url = URL.parse(address);
    const file = url && [...files].find((file) => url.pathname.endsWith(`/${encodeURI(file)}`));
    const site = url && file ? siteAbove(file, url) : null;
    if (site) return site;
  }
  // Else a page the sitemaps list, below the shortest base under which it is a file of the directory.
  for (const address of pages) {
    const url = URL.parse(address);
    if (!url) continue;
    const path = decodedPath(url.pathname);
    for (let cut = path.indexOf('/'); cut !== -1; cut = path.indexOf('/', cut + 1)) {
      const rest = path.slice(cut + 1);
      const file = [
        rest === '' || rest.endsWith('/') ? `${rest}index.html` : `${rest}.html`,
        `${rest}/index.html`,
        rest,
      ].find((candidate) => /\.html?$/i.test(candidate) && files.has(candidate));
      if (file) return new URL(path.slice(0, cut + 1), url.origin).href;
    }
  }
  return null;
}

/**
 * The site's address when `file` of the directory lives at `url`, or null when `url` is no address of it. A
 * page may be named with or without its slash or `.html` (`blog/index.html` as `…/blog/` or `…/blog`,
 * `about.html` as `…/about`); the home page's address is the site's itself, with or without its slash
 * (`trailingSlash: 'never'` names `https://example.com/blog`).
 */
function siteAbove(file: string, url: URL): string | null {
  if (/^index\.html?$/i.test(file)) return `${url.origin}${url.pathname.replace(/\/?$/, '/')}`;
  const path = encodeURI(file);
  const folder = /^(.*)\/index\.html?$/i.exec(path)?.[1];
  const stem = path.replace(/\.html?$/i, '');
  const owns =
    folder !== undefined
      ? [`/${folder}/`, `/${folder}`, `/${path}`]
      : stem !== path
        ? [`/${stem}`, `/${stem}/`, `/${path}`]
        : [`/${path}`];
  for (const own of owns) {
    if (url.pathname.endsWith(own)) return `${url.origin}${url.pathname.slice(0, -own.length)}/`;
  }
  return null;
}
