// The base path a built site is served under, as its pages' own files say it: a page that loads
// `/docs/_next/static/chunks/app.js` from a directory holding `_next/static/chunks/app.js` works only served
// under `/docs/`, whatever its canonical says (Next.js's metadata leaves `basePath` out of it).
import { readTags } from '../read-tags.ts';
import { decodedPath } from '../url-forms.ts';

/** A base path (`/docs/`) and one root-relative address of the pages that says it. */
export interface AssetBase {
  base: string;
  example: string;
}

/**
 * The base each root-relative `src` and `href` of `html` is under, where one is: the shortest prefix that
 * leaves a file of the directory (`/docs/_next/x.js` is under `/docs/` when `_next/x.js` is a file, under `/`
 * when `docs/_next/x.js` is). Addresses of no file of the directory (a page, another app's) say nothing.
 * @example assetBasesOf('<script src="/docs/app.js">', new Set(['app.js'])) // [{ base: '/docs/', example: '/docs/app.js' }]
 */
export function assetBasesOf(html: string, files: ReadonlySet<string>): AssetBase[] {
  const found: AssetBase[] = [];
  readTags(html, {
    onOpenTag(_, attributes) {
      for (const address of [attributes.src, attributes.href]) {
        const base = address === undefined ? null : baseOf(address, files);
        if (base !== null) found.push({ base, example: address!.trim() });
      }
    },
  });
  return found;
}

function baseOf(address: string, files: ReadonlySet<string>): string | null {
  const path = address.trim();
  // Root-relative only: `//cdn.example/x.js` is another host's, `x.js` and `./x.js` follow the page.
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  const steps = decodedPath(path.replace(/[?#].*$/, ''))
    .split('/')
    .slice(1);
  for (let cut = 0; cut < steps.length; cut++) {
    const rest = steps.slice(cut).join('/');
    if (rest !== '' && files.has(rest))
      return `/${steps
        .slice(0, cut)
        .map((step) => `${step}/`)
        .join('')}`;
  }
  return null;
}

/**
 * The base most of the addresses are under, with one of them; null where they name none, or where as many
 * are at the root (a site's own `/docs/` folder is no base).
 */
export function commonAssetBase(found: AssetBase[]): AssetBase | null {
  const counts = new Map<string, { count: number; example: string }>();
  for (const { base, example } of found) {
    const known = counts.get(base);
    if (known) known.count++;
    else counts.set(base, { count: 1, example });
  }
  const [top] = [...counts].sort((a, b) => b[1].count - a[1].count);
  if (!top) return null;
  const [base, { count, example }] = top;
  const root = counts.get('/');
  if (base !== '/' && root && root.count >= count) return { base: '/', example: root.example };
  return { base, example };
}
