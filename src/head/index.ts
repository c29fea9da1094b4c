/**
 * `astro-schema-manager/head`: the pure core that turns API answers into head tags and writes them
 * into a page. No I/O: strings and objects in, strings and objects out.
 */
export { escapeAttribute, escapeText, isSafeUrl, serializeJsonForScript } from './escape.ts';
export { clashes, linkKey, metaKey } from './keys.ts';
export { prepareHeadData } from './prepare.ts';
export { type HeadContents, readHeadTags } from './read.ts';
export { renderHeadTags } from './render.ts';
export { rewriteHead } from './rewrite.ts';
export { type ByteRewriteResult, PREFIX_BYTES, rewriteHeadBytes } from './rewrite-bytes.ts';
export {
  CHUNK_SIZE,
  type HeadElement,
  type HeadScan,
  MARK,
  type ScanOptions,
  scanHead,
  watchHeadEnd,
} from './scan.ts';
export type {
  ConflictPolicy,
  HeadData,
  HeadTag,
  HeadWarning,
  JsonLdConflictPolicy,
  MetaTags,
  PreparedHeadData,
  PrepareOptions,
  RenderOptions,
  RewriteOptions,
  RewriteResult,
  SocialTags,
} from './types.ts';
