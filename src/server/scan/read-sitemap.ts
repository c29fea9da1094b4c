import { Parser } from 'htmlparser2';

/** Characters parsed at a time: reading stops between pieces once enough entries are in. */
const PIECE = 64 * 1024;

/**
 * The `<loc>` entries of a sitemap: page URLs of a `<urlset>`, child sitemaps of a `<sitemapindex>`. Reading
 * stops once `room` entries are in (a 10 MB sitemap holds 400,000, and a scan takes hundreds): `more` counts
 * the `<loc>`s left unread.
 *
 * @example readSitemap('<urlset><url><loc>https://a.test/</loc></url></urlset>').pages // ['https://a.test/']
 */
export function readSitemap(
  xml: string,
  room = Number.POSITIVE_INFINITY,
): { pages: string[]; sitemaps: string[]; more: number } {
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
  let at = 0;
  while (at < xml.length && pages.length + sitemaps.length < room) {
    parser.write(xml.slice(at, at + PIECE));
    at += PIECE;
  }
  if (at >= xml.length) {
    parser.end();
    return { pages, sitemaps, more: 0 };
  }
  // What is left is counted, not parsed: each entry has one <loc>.
  let more = 0;
  for (let next = xml.indexOf('<loc', at); next !== -1; next = xml.indexOf('<loc', next + 4)) more++;
  return { pages, sitemaps, more };
}
