// The build output as the audit needs it: which files exist, and what its sitemaps list. The one place that
// reads dist/ for the audit, for the integration and `check` alike.
import { type Dirent, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { mapConcurrently } from '../map-concurrently.ts';
import { readSitemap, type SitemapLanguageLink } from '../read-sitemap.ts';
import { pageHref } from '../url-forms.ts';
import type { ValidateOptions } from '../validate/index.ts';
import { type AuditFinding, auditSite, type SiteAuditInput } from './audit-site.ts';
import { decodePage } from './decode-page.ts';
import { type PageFacts, readPageFacts } from './page-facts.ts';

/** Larger HTML files are not read as pages (Googlebot itself reads the first 15 MB of one). */
export const MAX_PAGE_BYTES = 64 * 1024 * 1024;

/**
 * Every file under `dir`, relative to it with `/` separators (see `walkOutput`).
 * @example listOutputFiles('dist').has('img/logo.png')
 */
export function listOutputFiles(dir: string): Set<string> {
  const files = new Set<string>();
  walkOutput(dir, (file, isFile) => {
    if (isFile) files.add(file);
  });
  return files;
}

/**
 * Walks an output folder, for the audit and for `check` alike: each entry but folders, relative to `dir` with
 * `/` separators, and whether it is a regular file (a broken link, a loop of links or a FIFO is not). Dot-named
 * entries and node_modules are skipped. Linked folders count as what they lead to (an `images` folder linked
 * into the output holds its images), each folder entered once: `readdirSync(dir, { recursive: true })` went
 * round two links to parent folders (`self -> .`, `sub/up -> ..`) without end, holding `check` and the build's
 * audit for good. A folder inside that cannot be read goes to `onUnreadable`; `dir` itself must be readable.
 *
 * @example walkOutput('dist', (file, isFile) => isFile && files.add(file))
 */
export function walkOutput(
  dir: string,
  onEntry: (file: string, isFile: boolean) => void,
  onUnreadable: (folder: string, error: unknown) => void = () => {},
): void {
  const entered = new Set([realpathSync(dir)]);
  const folders = [''];
  while (folders.length > 0) {
    const folder = folders.pop()!;
    let entries: Dirent[];
    try {
      entries = readdirSync(join(dir, folder), { withFileTypes: true });
    } catch (error) {
      if (folder === '') throw error;
      onUnreadable(folder, error);
      continue;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const file = folder === '' ? entry.name : `${folder}/${entry.name}`;
      const kind = entry.isSymbolicLink() ? linkedKind(join(dir, file), entered) : entry;
      if (kind === 'walked') continue;
      if (kind?.isDirectory()) {
        if (entry.name !== 'node_modules') folders.push(file);
      } else onEntry(file, kind?.isFile() ?? false);
    }
  }
}

/**
 * What a link leads to: a folder not entered yet (marked entered), 'walked' for one already entered (under
 * another name, or above it), a file or other entry, or null (a broken link, a loop of links).
 */
function linkedKind(
  path: string,
  entered: Set<string>,
): { isDirectory(): boolean; isFile(): boolean } | 'walked' | null {
  try {
    const stats = statSync(path);
    if (!stats.isDirectory()) return stats;
    const real = realpathSync(path);
    if (entered.has(real)) return 'walked';
    entered.add(real);
    return stats;
  } catch {
    return null;
  }
}

/** What the sitemaps of an output list: page URLs, and the language versions they give a URL (hreflang). */
export interface SitemapContents {
  urls: string[];
  languageLinks: SitemapLanguageLink[];
  /** The file that lists each URL (the first, if several do), relative to the output directory. */
  fileOf: Map<string, string>;
}

/**
 * The page URLs (and hreflang links) of every sitemap (`<urlset>`) among `files`; null when the output has no
 * sitemap. Sitemap indexes are not followed over the network: their children are files of the same output.
 */
export function readSitemaps(dir: string, files: ReadonlySet<string>): SitemapContents | null {
  const sitemaps = [...files].filter((file) => /(?:^|\/)sitemap[^/]*\.xml$/i.test(file)).sort();
  if (sitemaps.length === 0) return null;
  const contents: SitemapContents = { urls: [], languageLinks: [], fileOf: new Map() };
  for (const file of sitemaps) {
    const entries = readSitemap(readFileSync(join(dir, file), 'utf8'));
    for (const url of entries.pages) {
      // Pushed one by one: a sitemap may list more URLs than a call takes arguments.
      contents.urls.push(url);
      if (!contents.fileOf.has(url)) contents.fileOf.set(url, file);
    }
    for (const link of entries.languageLinks) contents.languageLinks.push(link);
  }
  return contents;
}

export interface OutputAuditInput extends Omit<SiteAuditInput, 'pages' | 'files' | 'sitemapUrls'> {
  outDir: string;
  /** Pages already read (the build reads them as it writes them), by output file. */
  known?: ReadonlyMap<string, PageFacts>;
  /** The public URL of an HTML file of the output; default: the site's address plus the file's path. */
  urlOf?: (file: string) => string;
  /** Validate the pages' own JSON-LD as they are read, with these rules (the build; `check` validates every script itself). */
  validation?: ValidateOptions | null;
}

/**
 * The public URL of an output file as a static server serves it: `blog/index.html` -> `<site>blog/`.
 * @example outputFileUrl('blog/index.html', 'https://a.dev/docs/') // 'https://a.dev/docs/blog/'
 */
export function outputFileUrl(file: string, site: string): string {
  return pageHref(site, `/${file.replace(/(^|\/)index\.html?$/i, '$1')}`);
}

/**
 * Audits a whole output directory: every HTML file (the pages the build wrote and the ones it left alone, such
 * as redirects and the 404 page), its other files and its sitemaps.
 */
export async function auditOutput(
  input: OutputAuditInput,
): Promise<{ findings: AuditFinding[]; pages: PageFacts[] }> {
  const files = listOutputFiles(input.outDir);
  const read = await readOutputPages(
    input.outDir,
    files,
    input.urlOf ?? ((file: string) => outputFileUrl(file, input.site)),
    input.known,
    input.validation ?? null,
  );
  const { outDir: _outDir, known: _known, urlOf: _urlOf, validation: _validation, ...rest } = input;
  const findings = auditSite({
    ...rest,
    pages: read,
    files,
    ...sitemapInput(readSitemaps(input.outDir, files)),
  });
  return { findings, pages: read };
}

/**
 * The facts of every HTML file among `files` of `dir` (those in `known` as given), each at `urlOf(file)`.
 * @example await readOutputPages('dist', listOutputFiles('dist'), (file) => outputFileUrl(file, site))
 */
export async function readOutputPages(
  dir: string,
  files: ReadonlySet<string>,
  urlOf: (file: string) => string,
  known?: ReadonlyMap<string, PageFacts>,
  validation: ValidateOptions | null = null,
): Promise<PageFacts[]> {
  const htmlFiles = [...files].filter((file) => /\.html?$/i.test(file)).sort();
  const pages = await mapConcurrently(htmlFiles, 16, async (file) => {
    const seen = known?.get(file);
    if (seen) return seen;
    // A file that cannot be read (a broken link) is no page: whoever lists files reports it. Nor is one of
    // more than MAX_PAGE_BYTES: no page of a site is, and reading it would take the audit minutes.
    const path = join(dir, file);
    const size = await stat(path).then(
      (stats) => (stats.isFile() ? stats.size : null),
      () => null,
    );
    if (size === null || size > MAX_PAGE_BYTES) return null;
    const html = await readFile(path).then(decodePage, () => null);
    return html === null ? null : readPageFacts(html, urlOf(file), file, validation);
  });
  return pages.filter((page): page is PageFacts => page !== null);
}

function sitemapInput(
  contents: SitemapContents | null,
): Pick<SiteAuditInput, 'sitemapUrls' | 'sitemapLanguageLinks' | 'sitemapFileOf'> {
  return {
    sitemapUrls: contents?.urls ?? null,
    sitemapLanguageLinks: contents?.languageLinks ?? [],
    sitemapFileOf: contents?.fileOf,
  };
}
