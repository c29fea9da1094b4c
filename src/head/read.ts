/** What a page's head already says, read with the same pass `rewriteHead` uses. */
import { relTokens } from './keys.ts';
import { scanHead } from './scan.ts';

/** `<link rel="alternate" hreflang="fr" href="/fr/">`: a language (or `x-default`) and the page in it. */
export interface LanguageAlternate {
  hreflang: string;
  href: string;
}

export interface HeadContents {
  /** Text of the first `<title>` in the head. */
  title: string | null;
  /** Content of the first `<meta name="description">`. */
  description: string | null;
  /** Href of the first `<link rel="canonical">`. */
  canonical: string | null;
  /**
   * Every keyed tag's values, in document order: 'title', 'meta:description', 'meta:robots',
   * 'link:canonical', 'property:og:image', 'name:twitter:card', 'meta:charset', ...
   */
  values: Record<string, string[]>;
  /** Text of each `<script type="application/ld+json">` in the head, as written. */
  jsonLd: string[];
  /** The same scripts, each with whether it carries the mark (written by this package). */
  jsonLdScripts: Array<{ text: string; ours: boolean }>;
  /** Each `<link rel="alternate" hreflang>`: the page's versions in other languages (and itself). */
  languageAlternates: LanguageAlternate[];
  /** Tags that carry the `data-schema-manager` mark. */
  marked: number;
  /** Whether `<meta charset>` is the head's first element; null when the head has none. */
  charsetFirst: boolean | null;
  /** A piece of a page (a server island's or a partial's answer), not a document: it has no head of its own. */
  fragment: boolean;
}

/**
 * Reads the head of a built page.
 *
 * @example readHeadTags('<head><link rel="canonical" href="/a"></head>').canonical // '/a'
 */
export function readHeadTags(html: string): HeadContents {
  const { elements, fragment } = scanHead(html);
  const values: Record<string, string[]> = {};
  const jsonLdScripts: Array<{ text: string; ours: boolean }> = [];
  const languageAlternates: LanguageAlternate[] = [];
  for (const element of elements) {
    if (element.jsonLd) jsonLdScripts.push({ text: element.text ?? '', ours: element.ours });
    if (isLanguageAlternate(element.name, element.attrs))
      languageAlternates.push({
        hreflang: element.attrs.get('hreflang') as string,
        href: element.attrs.get('href') as string,
      });
    if (element.key === null) continue;
    const value =
      element.name === 'title'
        ? (element.text ?? '')
        : element.name === 'link'
          ? (element.attrs.get('href') ?? '')
          : element.key === 'meta:charset'
            ? element.attrs.get('charset')!
            : (element.attrs.get('content') ?? '');
    const seen = values[element.key];
    if (seen) seen.push(value);
    else values[element.key] = [value];
  }
  const charsetAt = elements.findIndex((element) => element.key === 'meta:charset');
  return {
    title: values.title?.[0] ?? null,
    description: values['meta:description']?.[0] ?? null,
    canonical: values['link:canonical']?.[0] ?? null,
    values,
    jsonLd: jsonLdScripts.map((script) => script.text),
    jsonLdScripts,
    languageAlternates,
    marked: elements.filter((element) => element.ours).length,
    charsetFirst: charsetAt === -1 ? null : charsetAt === 0,
    fragment,
  };
}

function isLanguageAlternate(name: string, attrs: ReadonlyMap<string, string>): boolean {
  return (
    name === 'link' && attrs.has('hreflang') && !!attrs.get('href') && relTokens(attrs).includes('alternate')
  );
}
