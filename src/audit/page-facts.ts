// A built page -> the facts the site-wide audit compares across pages. Reads the head with the head core's own
// scanner and the JSON-LD with the head core's extractor (the one `check` reads with), so the audit sees what the
// build wrote and check reads.
import { extractJsonLd } from '../head/extract-json-ld.ts';
import { shortType, type TopLevelNode, topLevelNodes } from '../head/json-ld-type.ts';
import { type LanguageAlternate, readHeadTags } from '../head/read.ts';
import { type ValidateOptions, type ValidationIssue, validatePage } from '../validate/index.ts';
import { formatPath } from '../validate/json-path.ts';

/** A `url` or `@id` value found in a page's JSON-LD. */
export interface JsonLdLink {
  value: string;
  /** JSON path inside the document, e.g. `$["@graph"][1].url`. */
  path: string;
  /** The value names a top-level node (the document or a member of its `@graph`), i.e. what the page is about. */
  topLevel: boolean;
}

export interface PageFacts {
  /** The page's public URL. */
  url: string;
  /** The HTML file, relative to the output directory. */
  file: string;
  title: string | null;
  description: string | null;
  canonical: string | null;
  robots: string | null;
  /** The target of `<meta http-equiv="refresh">`: Astro writes such a page for every redirect. */
  refreshTo: string | null;
  ogUrl: string | null;
  ogTitle: string | null;
  ogDescription: string | null;
  images: Array<{ tag: 'og:image' | 'twitter:image'; value: string }>;
  /** Its `<link rel="alternate" hreflang>`: the same page in other languages. */
  languageAlternates: LanguageAlternate[];
  jsonLdLinks: JsonLdLink[];
  /** A piece of a page (a partial, a server island), not a page: no title or description is asked of it. */
  fragment: boolean;
  /**
   * The top-level nodes (types without a schema.org prefix) of the JSON-LD this package wrote, and of the page's
   * own; `pageScripts` holds the page's own by script, as `jsonLdConflict: 'api'` weighs them (a script whose every
   * node the CMS's describe goes; one that also describes something else stays whole).
   */
  jsonLdNodes: { ours: TopLevelNode[]; page: TopLevelNode[]; pageScripts: TopLevelNode[][] };
  /** What the validator finds in the page's own JSON-LD, validated with the page's other scripts; empty unless asked. */
  pageJsonLdIssues: PageJsonLdIssue[];
}

/** A validator issue in one of the page's own JSON-LD scripts (a theme's, a component's; not this package's). */
export interface PageJsonLdIssue extends ValidationIssue {
  /** The script's place among the page's JSON-LD scripts, from 1. */
  script: number;
  /** Its top-level types, e.g. `['BlogPosting']`. */
  types: string[];
}

const first = (values: Record<string, string[]>, key: string): string | null => values[key]?.[0] ?? null;

/**
 * The audit's view of one built page; with `validation`, the page's own JSON-LD is validated too (together with
 * this package's scripts, so an `@id` one makes to the other resolves), as `check` validates every script.
 * @example readPageFacts('<head><title>Hi</title></head>', 'https://a.dev/', 'index.html').title // 'Hi'
 */
export function readPageFacts(
  html: string,
  url: string,
  file: string,
  validation: ValidateOptions | null = null,
): PageFacts {
  const head = readHeadTags(html);
  const values = head.values;
  const images = [
    ...(values['property:og:image'] ?? []).map((value) => ({ tag: 'og:image' as const, value })),
    ...(values['name:twitter:image'] ?? []).map((value) => ({ tag: 'twitter:image' as const, value })),
  ];
  const jsonLdLinks: JsonLdLink[] = [];
  const jsonLdNodes = {
    ours: [] as TopLevelNode[],
    page: [] as TopLevelNode[],
    pageScripts: [] as TopLevelNode[][],
  };
  // Ours are in the head, marked; every other script (in the head or the body) is the page's own.
  const oursLeft = head.jsonLdScripts.filter((script) => script.ours).map((script) => script.text);
  const scripts = extractJsonLd(html).map((script) => {
    const at = oursLeft.indexOf(script.text);
    if (at !== -1) oursLeft.splice(at, 1);
    return { text: script.text, ours: at !== -1, types: [] as string[] };
  });
  for (const script of scripts) {
    let document: unknown;
    try {
      document = JSON.parse(script.text);
    } catch {
      continue; // The validator reports unparsable JSON-LD; the audit only reads what parses.
    }
    collectLinks(document, jsonLdLinks);
    if (document && typeof document === 'object') {
      const nodes = topLevelNodes(document as object[]).map((node) => ({
        ...node,
        types: node.types.map(shortType),
      }));
      // One by one: a @graph may hold more nodes than a call takes arguments.
      for (const node of nodes) jsonLdNodes[script.ours ? 'ours' : 'page'].push(node);
      if (!script.ours && nodes.length > 0) jsonLdNodes.pageScripts.push(nodes);
      script.types = [...new Set(nodes.flatMap((node) => node.types))];
    }
  }
  const pageJsonLdIssues: PageJsonLdIssue[] = [];
  if (validation && scripts.some((script) => !script.ours)) {
    const results = validatePage(
      scripts.map((script) => script.text),
      validation,
    );
    scripts.forEach((script, index) => {
      if (script.ours) return;
      for (const issue of results[index]!.issues)
        pageJsonLdIssues.push({ ...issue, script: index + 1, types: script.types });
    });
  }
  return {
    url,
    file,
    // As a browser shows them (document.title strips and collapses white space), and as Google does.
    title: collapsed(head.title),
    description: collapsed(head.description),
    canonical: head.canonical,
    robots: first(values, 'meta:robots'),
    refreshTo: refreshTarget(first(values, 'http-equiv:refresh')),
    ogUrl: first(values, 'property:og:url'),
    // Collapsed as the title and description are, so that a run of spaces in both is no difference.
    ogTitle: collapsed(first(values, 'property:og:title')),
    ogDescription: collapsed(first(values, 'property:og:description')),
    images,
    languageAlternates: head.languageAlternates,
    jsonLdLinks,
    fragment: head.fragment,
    jsonLdNodes,
    pageJsonLdIssues,
  };
}

/**
 * `0;url=/new/` -> `/new/`; null when the refresh names no URL (a plain reload is not a redirect).
 *
 * @example refreshTarget('2;url=/en/about/') // '/en/about/'
 */
export function refreshTarget(content: string | null): string | null {
  const match = content?.match(/^\s*\d*\s*[;,]\s*(?:url\s*=\s*)?['"]?([^'"]+)['"]?\s*$/i);
  return match?.[1]?.trim() || null;
}

/** Every string `url` and `@id` in a document, with its path; iterative, so no depth can overflow the stack. */
function collectLinks(document: unknown, into: JsonLdLink[]): void {
  const stack: Array<{ value: unknown; path: string; topLevel: boolean }> = [];
  const roots = Array.isArray(document)
    ? document.map((value, index) => ({ value, path: `$[${index}]` }))
    : [{ value: document, path: '$' }];
  for (const root of roots.reverse()) stack.push({ ...root, topLevel: true });
  while (stack.length > 0) {
    const { value, path, topLevel } = stack.pop()!;
    if (Array.isArray(value)) {
      // An array inside a @graph holds top-level nodes too (JSON-LD reads it as its items).
      for (let index = value.length - 1; index >= 0; index--)
        stack.push({ value: value[index], path: `${path}[${index}]`, topLevel });
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    for (const [key, child] of Object.entries(value)) {
      const childPath = `${path}${formatPath([key]).slice(1)}`;
      if ((key === 'url' || key === '@id') && typeof child === 'string') {
        into.push({ value: child, path: childPath, topLevel });
      } else if (key === '@graph' && Array.isArray(child)) {
        for (let index = child.length - 1; index >= 0; index--)
          stack.push({ value: child[index], path: `${childPath}[${index}]`, topLevel });
      } else if (typeof child === 'object' && child !== null) {
        stack.push({ value: child, path: childPath, topLevel: false });
      }
    }
  }
}

/** Text with runs of white space made one space, and none at either end. */
function collapsed(text: string | null): string | null {
  return text === null ? null : text.replace(/[\t\n\f\r ]+/g, ' ').trim();
}
