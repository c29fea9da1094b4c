import { readTags } from '../../read-tags.ts';

/** What a scan reads from a page to describe it. */
export interface PageFacts {
  title: string | null;
  description: string | null;
  canonical: string | null;
  h1: string | null;
  lang: string | null;
  author: string | null;
  publishedTime: string | null;
  modifiedTime: string | null;
  /** `og:*` and `article:*` properties by full name, first value wins. */
  properties: Record<string, string>;
}

/** Longest text kept from a page, so a scan's answer stays bounded whatever the page holds. */
const MAX_TEXT = 1000;
// Control characters (a NUL, an escape) are no text a page shows: they are left out of what is stored.
const clip = (text: string): string =>
  text.slice(0, MAX_TEXT).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
const collapse = (text: string): string | null =>
  clip(
    text
      .slice(0, MAX_TEXT * 4)
      .replace(/\s+/g, ' ')
      .trim(),
  ) || null;

/**
 * Reads title, description, canonical, the first h1, article dates and Open Graph tags from HTML.
 *
 * @example readPage('<title>Hi</title><h1>Hello</h1>').h1 // 'Hello'
 */
export function readPage(html: string): PageFacts {
  const facts: PageFacts = {
    title: null,
    description: null,
    canonical: null,
    h1: null,
    lang: null,
    author: null,
    publishedTime: null,
    modifiedTime: null,
    properties: {},
  };
  let capture: 'title' | 'h1' | null = null;
  let text = '';
  readTags(html, {
    onOpenTag(name, attributes) {
      if (name === 'html' && attributes.lang) facts.lang = clip(attributes.lang);
      else if ((name === 'title' && facts.title === null) || (name === 'h1' && facts.h1 === null)) {
        capture = name;
        text = '';
      } else if (name === 'link' && facts.canonical === null) {
        const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/);
        if (rel.includes('canonical') && attributes.href) facts.canonical = clip(attributes.href.trim());
      } else if (name === 'meta') {
        const key = (attributes.property ?? attributes.name ?? '').toLowerCase();
        const content = attributes.content === undefined ? undefined : clip(attributes.content.trim());
        if (!key || !content) return;
        if (key === 'description') facts.description ??= content;
        else if (key === 'author') facts.author ??= content;
        else if (key.startsWith('og:') || key.startsWith('article:')) facts.properties[key] ??= content;
      }
    },
    onText(chunk) {
      if (capture && text.length < MAX_TEXT * 4) text += chunk;
    },
    onCloseTag(name) {
      if (capture === name) {
        facts[capture] = collapse(text);
        capture = null;
      }
    },
  });
  // A title or h1 the page never closes ends with the page.
  const open = capture as 'title' | 'h1' | null; // set in the callbacks, which TypeScript does not follow
  if (open) facts[open] = collapse(text);
  facts.publishedTime = facts.properties['article:published_time'] ?? null;
  facts.modifiedTime = facts.properties['article:modified_time'] ?? null;
  return facts;
}
