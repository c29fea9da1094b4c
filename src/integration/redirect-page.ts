// Astro's redirect page: what a static build writes where a page redirects (`Astro.redirect`, a middleware's
// `context.redirect`, a config redirect): a `<meta http-equiv="refresh">` naming the page to go to, a robots
// noindex and a canonical naming that page. It is no page of its own, so the build leaves it as Astro wrote it.
import { refreshTarget } from '../audit/page-facts.ts';
import { PREFIX_BYTES } from '../head/rewrite-bytes.ts';
import { scanHead } from '../head/scan.ts';

/** A cheap look before a parse: most pages never mention a refresh. */
const MENTIONS_REFRESH = /http-equiv\s*=\s*["']?\s*refresh/i;

/**
 * Whether a built page is a redirect: its head has a `<meta http-equiv="refresh">` that names where to go, as the
 * site audit counts redirects (a refresh that only reloads the page is no redirect). Only the start of the page
 * is read.
 *
 * @example isRedirectPage(Buffer.from('<!doctype html><meta http-equiv="refresh" content="2;url=/en/about/">')) // true
 */
export function isRedirectPage(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = Math.min(bytes.byteLength, PREFIX_BYTES);
  // The look is in latin1, byte for byte: the words are ASCII, and decoding UTF-8 costs several times more
  // (every page with CMS data is looked at).
  if (!MENTIONS_REFRESH.test(buffer.toString('latin1', 0, end))) return false;
  const start = buffer.toString('utf8', 0, end);
  return scanHead(start, { prefix: start.length < bytes.byteLength }).elements.some(
    (element) =>
      element.name === 'meta' &&
      element.attrs.get('http-equiv')?.trim().toLowerCase() === 'refresh' &&
      refreshTarget(element.attrs.get('content') ?? null) !== null,
  );
}
