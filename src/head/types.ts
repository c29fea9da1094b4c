/** Shapes the head core works on. Meta and social tags come in as the client returns them. */
import type { MetaTags, SocialTags } from '../client/index.ts';
import type { TopLevelNode } from './json-ld-type.ts';

export type { MetaTags, SocialTags };

/** What one page's head is built from. */
export interface HeadData {
  /** Parsed JSON-LD documents, in order (`null` entries are skipped). */
  schemas: unknown[];
  meta: MetaTags | null;
  social: SocialTags | null;
  /** Tags whose value was copied from another (the social fallback): tag key -> the key of its source. */
  derivedFrom?: Readonly<Record<string, string>>;
}

/** One tag to write. `key` says which page tags it conflicts with (lower case). */
export interface HeadTag {
  /** A JSON-LD tag's top-level nodes (its types and `@id`s): what `jsonLdConflict` compares the page's with. */
  nodes?: TopLevelNode[];
  /**
   * 'title', 'meta:description', 'meta:robots', 'meta:keywords', 'link:canonical', 'property:og:title',
   * 'name:twitter:card', 'jsonld:<n>'.
   */
  key: string;
  html: string;
  /** The key of the tag this one's value was copied from: left out with it when the page keeps its own. */
  from?: string;
}

/** Something left out or left as is, for the integration to report. */
export interface HeadWarning {
  code: 'unsafe-url' | 'unfilled-placeholder' | 'unserialisable-schema';
  /** The tag key or JSON-LD location concerned, e.g. 'link:canonical' or 'jsonld:0'. */
  key: string;
  message: string;
}

export interface PrepareOptions {
  /** Origin of the CMS, e.g. 'https://cms.example.com'. No rewriting without it. */
  cmsOrigin?: string | null;
  /** Origin of the built site (optionally followed by a base path). No rewriting without it. */
  siteOrigin?: string | null;
  /** Rewrite CMS-origin URLs to the site's. Default true. */
  rewriteUrls?: boolean;
  /** Paths that stay on the CMS (media). Default ['/wp-content/']. */
  keepPathPrefixes?: string[];
  /** Fill social tags the API leaves empty from its meta (og:title from the title...). Default true. */
  socialFallback?: boolean;
  /**
   * The page's own address, and Astro's `trailingSlash`. Where it is 'always' or 'never', a canonical or
   * `og:url` naming this page with the other trailing slash (WordPress stores `/about/`; the site serves
   * `/about`) is written with the slash served, so it names no redirect or 404. No change without both.
   */
  pageUrl?: string | null;
  trailingSlash?: 'always' | 'never' | 'ignore';
}

/** `prepareHeadData`'s answer: the data, plus what it could not do. */
export interface PreparedHeadData extends HeadData {
  warnings: HeadWarning[];
}

export interface RenderOptions {
  /** One `@graph` script instead of one script per schema. Default false. */
  graph?: boolean;
  /** Told about each tag left out (unsafe URL, schema that cannot be serialised). */
  onWarning?: (warning: HeadWarning) => void;
}

export type ConflictPolicy = 'api' | 'page';

/** What to do with the page's own JSON-LD when the written JSON-LD describes the same things (see rewriteHead). */
export type JsonLdConflictPolicy = 'keep-both' | 'api';

export interface RewriteOptions {
  /** Who wins when the page already has a tag with the same key. Default 'api'. */
  onConflict?: ConflictPolicy;
  /**
   * `'api'` removes each JSON-LD script of the page's own (in its head, and in its body unless `prefix` or
   * `headOnly`) whose every top-level node a written JSON-LD tag describes too (same `@type`, not the same
   * `@id`); `'keep-both'` (default) leaves the page's scripts alone.
   */
  jsonLdConflict?: JsonLdConflictPolicy;
  /** `html` is only the start of the page (see `ScanOptions.prefix`): nothing is written unless it holds the whole head. */
  prefix?: boolean;
  /**
   * `html` holds the whole head but may hold only part of the body (a page as it streams): the body's JSON-LD
   * is left alone, as with `prefix`.
   */
  headOnly?: boolean;
}

export interface RewriteResult {
  html: string;
  /** The output differs from the input. */
  changed: boolean;
  /** Tags written. */
  written: number;
  /** Page tags removed because a written tag has their key. */
  replaced: number;
  /** The page's own JSON-LD scripts removed because written JSON-LD describes the same things (`jsonLdConflict: 'api'`). */
  jsonLdReplaced: number;
  /** Page tags kept (policy 'page'); the matching tags were not written. */
  kept: number;
  /** Keys of tags not written because the page has its own (policy 'page'). */
  skipped: string[];
  /** Where the head's content ends in `html`: after the written tags, before `</head>` or the body. */
  headEnd: number;
  /** False when a `prefix` ended before the head did: `html` is returned as given, and the whole page must be rewritten. */
  complete: boolean;
  /** `html` is a piece of a page, not a document (see `HeadScan.fragment`): it is returned as given. */
  fragment: boolean;
}
