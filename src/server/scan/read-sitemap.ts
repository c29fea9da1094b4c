import { Parser } from 'htmlparser2';

/**
 * The `<loc>` entries of a sitemap: page URLs of a `<urlset>`, child sitemaps of a `<sitemapindex>`.
 *
 * @example readSitemap('<urlset><url><loc>https://a.test/</loc></url></urlset>').pages // ['https://a.test/']
 */
export function readSitemap(xml: string): { pages: string[]; sitemaps: string[] } {
  const pages: string[] = [];
  const sitemaps: string[] = [];
  let parent: string | null = null;
  let inLoc = false;
  let text = '';
  const parser = new Parser(
    {
      onopentag(name) {
        const local = name.replace(/^.*:/, '').toLowerCase();
        if (local === 'url' || local === 'sitemap') parent = local;
        else if (local === 'loc') {
          inLoc = true;
          text = '';
        }
      },
      ontext(chunk) {
        if (inLoc) text += chunk;
      },
      onclosetag(name) {
        const local = name.replace(/^.*:/, '').toLowerCase();
        if (local !== 'loc' || !inLoc) return;
        inLoc = false;
        const loc = text.trim();
        if (loc) (parent === 'sitemap' ? sitemaps : pages).push(loc);
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  return { pages, sitemaps };
}
