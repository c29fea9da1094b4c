import { decodedPath } from '../../url-forms.ts';
import { unfilledValue } from '../../validate/literals.ts';
import type { PageFacts } from './read-page.ts';

export interface GeneratedSchema {
  schema_type: string;
  schema_name: string;
  doc: Record<string, unknown>;
}

const context = 'https://schema.org';

/**
 * Drops absent values so a generated document carries only what the page said, and what the page said but no
 * reader should take: a placeholder never filled (`{{meta_title}}`, `undefined`) shown as written.
 */
function compact(node: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(node).filter(
      ([, value]) =>
        value !== null && value !== undefined && !(typeof value === 'string' && unfilledValue(value)),
    ),
  );
}

/** Text the page shows, or null for none and for a placeholder never filled (`{{meta_title}}`, `undefined`). */
function shown(value: string | null | undefined): string | null {
  return value && !unfilledValue(value) ? value : null;
}

/** An address the page gives (its canonical, its og:image), absolute; null unless it is http(s). */
function pageAddress(href: string | null | undefined, pageUrl: string): string | null {
  const url = href ? URL.parse(href, pageUrl) : null;
  return url && (url.protocol === 'https:' || url.protocol === 'http:') ? url.href : null;
}

function titleCase(segment: string): string {
  const words = decodedPath(segment)
    .replace(/\.[a-z0-9]+$/i, '')
    .split(/[-_\s]+/);
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ') || segment;
}

function breadcrumbs(page: URL, pageName: string): GeneratedSchema | null {
  const segments = page.pathname.split('/').filter(Boolean);
  if (segments.length === 0) return null;
  const trailingSlash = page.pathname.endsWith('/');
  const items = [{ name: 'Home', item: `${page.origin}/` }];
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    const path = `/${segments.slice(0, index + 1).join('/')}${!last || trailingSlash ? '/' : ''}`;
    items.push({ name: last ? pageName : titleCase(segment), item: `${page.origin}${path}` });
  });
  return {
    schema_type: 'BreadcrumbList',
    schema_name: `Breadcrumbs: ${pageName}`,
    doc: {
      '@context': context,
      '@type': 'BreadcrumbList',
      itemListElement: items.map((entry, index) => ({ '@type': 'ListItem', position: index + 1, ...entry })),
    },
  };
}

/**
 * The schemas a scan proposes for one page: WebSite and Organization for the home page; Article (when the page
 * has article metadata) or WebPage for any other, plus a BreadcrumbList from its path.
 *
 * @example generateSchemas('https://a.test/blog/post/', facts).map((s) => s.schema_type) // ['Article', 'BreadcrumbList']
 */
export function generateSchemas(pageUrl: string, facts: PageFacts): GeneratedSchema[] {
  const page = new URL(pageUrl);
  const og = facts.properties;
  const description = shown(facts.description) ?? shown(og['og:description']);
  if (page.pathname === '/' || page.pathname === '') {
    const siteName = shown(og['og:site_name']) ?? shown(facts.title) ?? page.host;
    const home = `${page.origin}/`;
    return [
      {
        schema_type: 'WebSite',
        schema_name: `WebSite: ${siteName}`,
        doc: compact({
          '@context': context,
          '@type': 'WebSite',
          name: siteName,
          url: home,
          description,
          inLanguage: facts.lang,
        }),
      },
      {
        schema_type: 'Organization',
        schema_name: `Organization: ${siteName}`,
        doc: compact({ '@context': context, '@type': 'Organization', name: siteName, url: home }),
      },
    ];
  }
  // The first name the page really shows: a `{{meta_title}}` left in its h1 names nothing, here or in the
  // record's name and the breadcrumb.
  const name =
    shown(facts.h1) ??
    shown(og['og:title']) ??
    shown(facts.title) ??
    titleCase(page.pathname.split('/').filter(Boolean).pop()!);
  const isArticle = facts.publishedTime !== null || og['og:type'] === 'article';
  const main: GeneratedSchema = isArticle
    ? {
        schema_type: 'Article',
        schema_name: `Article: ${name}`,
        doc: compact({
          '@context': context,
          '@type': 'Article',
          headline: name.slice(0, 110),
          description,
          image: pageAddress(og['og:image'], pageUrl),
          datePublished: facts.publishedTime,
          dateModified: facts.modifiedTime,
          author: facts.author ? { '@type': 'Person', name: facts.author } : null,
          mainEntityOfPage: pageAddress(facts.canonical, pageUrl) ?? pageUrl,
          inLanguage: facts.lang,
        }),
      }
    : {
        schema_type: 'WebPage',
        schema_name: `WebPage: ${name}`,
        doc: compact({
          '@context': context,
          '@type': 'WebPage',
          name,
          url: pageAddress(facts.canonical, pageUrl) ?? pageUrl,
          description,
          inLanguage: facts.lang,
        }),
      };
  const trail = breadcrumbs(page, name);
  return trail ? [main, trail] : [main];
}
