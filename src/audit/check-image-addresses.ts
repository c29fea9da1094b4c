// A page's og:image and twitter:image written as a relative address: a check of the page alone, which needs no
// site address (so `check` makes it on a directory whose address it cannot tell too).
import type { PageFacts } from './page-facts.ts';
import { resolve, type SiteView } from './site-view.ts';

/**
 * One image-not-absolute finding per relative address, naming every tag that gives it, and the whole address to
 * write: the address resolved against the page, as `whole` corrects it where the site knows better.
 * @example checkImageAddresses(page, view.add)
 */
export function checkImageAddresses(
  page: PageFacts,
  add: SiteView['add'],
  whole: (url: URL) => URL = (url) => url,
): void {
  // Facebook, X and LinkedIn fetch the address as written, not against the page's: a relative one shows no image.
  const relative = new Map<string, string[]>();
  for (const image of page.images) {
    const written = image.value.trim();
    if (written !== '' && !/^https?:\/\//i.test(written))
      relative.set(image.value, [...(relative.get(image.value) ?? []), image.tag]);
  }
  for (const [value, tags] of relative) {
    // Written whole against the page's address, where it is one (not a file's, when the site's is unknown).
    const resolved = resolve(value, page.url);
    const url = resolved && /^https?:$/.test(resolved.protocol) ? whole(resolved) : null;
    add(
      'image-not-absolute',
      page.url,
      tags[0]!,
      `${tags.join(' and ')} ${JSON.stringify(value)} is not an absolute http(s) address: Facebook, X and LinkedIn read it as written, not against the page's address, and show no image when the page is shared. Write it whole${url ? ` (${url.href})` : ''}.`,
    );
  }
}
