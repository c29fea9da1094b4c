// What a page looks like where people meet it: a search result and a social card, as HTML fragments. Shared by
// the HTML report and the dev toolbar app so both show the same cut-offs. Pure; every value is escaped here.
import { DESCRIPTION_SHOWN, TITLE_SHOWN, truncateForResult } from '../audit/lengths.ts';
import { escapeAttribute, escapeText } from '../head/escape.ts';
import { decodedPath } from '../url-forms.ts';

export interface PreviewFacts {
  url: string | null;
  title: string | null;
  description: string | null;
  ogTitle: string | null;
  ogDescription: string | null;
  ogImage: string | null;
}

/** The page as a Google result shows it: breadcrumb URL, title and snippet cut where Google cuts them. */
export function renderSearchPreview(page: PreviewFacts): string {
  const title = page.title?.trim() ? truncateForResult(page.title, TITLE_SHOWN) : '(no title)';
  const description = page.description?.trim()
    ? truncateForResult(page.description, DESCRIPTION_SHOWN)
    : '(no description: Google picks text from the page)';
  return `<div class="asm-serp"><div class="asm-serp-url">${escapeText(breadcrumb(page.url))}</div><div class="asm-serp-title">${escapeText(title)}</div><div class="asm-serp-text">${escapeText(description)}</div></div>`;
}

/**
 * The page as a link preview shows it. `loadImage` false shows the image's address instead of loading it, for
 * documents that must not reach the network.
 */
export function renderSocialPreview(page: PreviewFacts, loadImage: boolean): string {
  const title = page.ogTitle ?? page.title ?? '(no og:title)';
  const description = page.ogDescription ?? page.description ?? '';
  const host = hostOf(page.url);
  const image = !page.ogImage
    ? '<div class="asm-card-image asm-card-noimage">no og:image</div>'
    : loadImage
      ? `<img class="asm-card-image" alt="" src="${escapeAttribute(page.ogImage)}">`
      : `<div class="asm-card-image asm-card-noimage" title="${escapeAttribute(page.ogImage)}">${escapeText(page.ogImage)}</div>`;
  return `<div class="asm-card">${image}<div class="asm-card-body"><div class="asm-card-host">${escapeText(host)}</div><div class="asm-card-title">${escapeText(truncateForResult(title, 90))}</div><div class="asm-card-text">${escapeText(truncateForResult(description, 200))}</div></div></div>`;
}

/** Styles for both previews, scoped by their class names. */
export const PREVIEW_CSS = `
.asm-serp{font-family:arial,sans-serif;max-width:600px;padding:8px 0}
.asm-serp-url{color:#202124;font-size:14px}
.asm-serp-title{color:#1a0dab;font-size:20px;line-height:1.3;margin:2px 0}
.asm-serp-text{color:#4d5156;font-size:14px;line-height:1.58}
.asm-card{border:1px solid #dadde1;border-radius:8px;max-width:500px;overflow:hidden;font-family:system-ui,sans-serif;background:#fff}
.asm-card-image{display:block;width:100%;aspect-ratio:1.91/1;object-fit:cover;background:#f0f2f5}
.asm-card-noimage{display:flex;align-items:center;justify-content:center;color:#65676b;font-size:12px;overflow-wrap:anywhere;padding:8px;box-sizing:border-box}
.asm-card-body{padding:10px 12px;background:#f0f2f5}
.asm-card-host{color:#65676b;font-size:12px;text-transform:uppercase}
.asm-card-title{color:#050505;font-weight:600;font-size:16px;margin:2px 0}
.asm-card-text{color:#65676b;font-size:14px}
`;

/** `https://www.example.com/blog/hello/` -> `www.example.com › blog › hello`, as results show a URL. */
function breadcrumb(url: string | null): string {
  if (!url) return '';
  try {
    const parsed = new URL(url);
    const parts = parsed.pathname.split('/').filter(Boolean).map(decodedPath);
    return [parsed.host, ...parts].join(' › ');
  } catch {
    return url;
  }
}

function hostOf(url: string | null): string {
  try {
    return url ? new URL(url).host : '';
  } catch {
    return '';
  }
}
