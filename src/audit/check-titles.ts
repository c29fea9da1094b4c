// Titles and descriptions: shared by pages that are not one page in several languages, missing, longer than
// Google shows, or said otherwise by og:title and og:description.
import { DESCRIPTION_SHOWN, DESCRIPTION_TOO_LONG, TITLE_SHOWN, TITLE_TOO_LONG } from './lengths.ts';
import type { PageFacts } from './page-facts.ts';
import { listUrls, type SiteView } from './site-view.ts';

/** @example checkTitles(view, readLanguageLinks(view).clusterOf) */
export function checkTitles(view: SiteView, clusterOf: (page: PageFacts) => string): void {
  const { listed, canonicalElsewhere, add } = view;
  for (const [field, code, tag] of [
    ['title', 'duplicate-title', '<title>'],
    ['description', 'duplicate-description', 'meta description'],
  ] as const) {
    const groups = new Map<string, PageFacts[]>();
    // A page whose canonical names another page says it is a copy of that one: sharing its title is expected.
    for (const page of listed) {
      const text = page[field]?.trim();
      if (!text || canonicalElsewhere(page)) continue;
      const group = groups.get(text);
      if (group) group.push(page);
      else groups.set(text, [page]);
    }
    for (const [text, group] of groups) {
      // A page's versions in other languages (hreflang, both ways) may share a title while one is untranslated.
      if (group.length < 2 || new Set(group.map(clusterOf)).size < 2) continue;
      const urls = group.map((page) => page.url);
      add(code, urls[0]!, tag, `${urls.length} pages share the ${tag} "${text}": ${listUrls(urls)}.`, urls);
    }
  }

  for (const page of listed) checkPageTitles(page, add);
}

/**
 * What one page's title and description say on their own (missing, longer than Google shows, og:title or
 * og:description saying otherwise): no site address needed, so `check` makes it where the site's is unknown too.
 * @example checkPageTitles(page, view.add)
 */
export function checkPageTitles(page: PageFacts, add: SiteView['add']): void {
  const title = page.title?.trim() ?? '';
  const description = page.description?.trim() ?? '';
  if (!title) add('title-missing', page.url, '<title>', 'The page has no <title> (or an empty one).');
  else if ([...title].length > TITLE_TOO_LONG)
    add(
      'title-too-long',
      page.url,
      '<title>',
      `The <title> has ${[...title].length} characters; Google shows about ${TITLE_SHOWN}.`,
    );
  if (!description)
    add(
      'description-missing',
      page.url,
      'meta description',
      'The page has no meta description (or an empty one).',
    );
  else if ([...description].length > DESCRIPTION_TOO_LONG)
    add(
      'description-too-long',
      page.url,
      'meta description',
      `The meta description has ${[...description].length} characters; Google shows about ${DESCRIPTION_SHOWN}.`,
    );
  if (page.ogTitle && title && !sameTitle(page.ogTitle, title))
    add(
      'social-disagrees-with-meta',
      page.url,
      'og:title',
      `og:title "${page.ogTitle}" differs from the <title> "${title}".`,
    );
  if (page.ogDescription && description && page.ogDescription !== description)
    add(
      'social-disagrees-with-meta',
      page.url,
      'og:description',
      `og:description differs from the meta description.`,
    );
}

// "Page | Site", "Site - Page", "Page — Site", "Page · Site", "Page • Site" (Astro Cactus), "Page: Site",
// "Page » Site", "Page / Site", "Page ~ Site".
const SEPARATORS = '|\\-–—·•:»/~';
const SITE_NAME_AFTER = new RegExp(`^\\s*[${SEPARATORS}]\\s*`);
const SITE_NAME_BEFORE = new RegExp(`[${SEPARATORS}]$`);

/**
 * Whether og:title says what the <title> says. Sites (Starlight, Astro's blog starter, most themes) put the
 * site's name beside the page's in the <title> only: "Install | Acme Docs" against og:title "Install" agrees.
 */
function sameTitle(ogTitle: string, title: string): boolean {
  if (ogTitle === title) return true;
  if (ogTitle.length === 0) return false;
  if (title.startsWith(ogTitle)) return SITE_NAME_AFTER.test(title.slice(ogTitle.length));
  if (title.endsWith(ogTitle)) {
    const before = title.slice(0, title.length - ogTitle.length).trimEnd();
    return SITE_NAME_BEFORE.test(before);
  }
  return false;
}
