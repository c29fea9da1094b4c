// The build output as the audit needs it: which files exist, and what its sitemaps list. The one place that
// reads dist/ for the audit, for the integration and `check` alike.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Parser } from 'htmlparser2';

/**
 * Every file under `dir`, relative to it with `/` separators (dot-directories and node_modules skipped).
 * @example listOutputFiles('dist').has('img/logo.png')
 */
export function listOutputFiles(dir: string): Set<string> {
  const files = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const relative = join(entry.parentPath, entry.name)
      .slice(dir.length)
      .replace(/\\/g, '/')
      .replace(/^\/+/, '');
    if (!/(?:^|\/)(?:\.|node_modules\/)/.test(relative)) files.add(relative);
  }
  return files;
}

/**
 * The page URLs of every sitemap (`<urlset>`) among `files`; null when the output has no sitemap. Sitemap
 * indexes are not followed over the network: their children are files of the same output.
 */
export function readSitemapUrls(dir: string, files: ReadonlySet<string>): string[] | null {
  const sitemaps = [...files].filter((file) => /(?:^|\/)sitemap[^/]*\.xml$/i.test(file)).sort();
  if (sitemaps.length === 0) return null;
  const urls: string[] = [];
  for (const file of sitemaps) urls.push(...sitemapLocs(readFileSync(join(dir, file), 'utf8')));
  return urls;
}

/** The `<loc>` of each `<url>` in a sitemap's XML (an index's `<sitemap><loc>` is not a page). */
export function sitemapLocs(xml: string): string[] {
  const locs: string[] = [];
  const open: string[] = [];
  let text = '';
  const parser = new Parser(
    {
      onopentagname(name) {
        open.push(name.toLowerCase());
        if (name.toLowerCase() === 'loc') text = '';
      },
      ontext(chunk) {
        if (open.at(-1) === 'loc') text += chunk;
      },
      onclosetag(name) {
        open.pop();
        if (name.toLowerCase() === 'loc' && open.at(-1) === 'url') locs.push(text.trim());
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  return locs;
}
