// The text of the synthetic site's pages: deterministic (page i reads the same on every run and machine) and
// sized like real articles, 30-100 KB of HTML a page. This file is copied into each generated site, so it
// imports nothing; the site's page renders `pageBodyHtml(i)`, the test measures the same function.

/** The body of page i is this many bytes, give or take one paragraph (under 1.2 KB). */
export const BODY_BYTES = { min: 32_000, max: 94_000 };

const WORDS = (
  'the of and to in is that for it as with was on be by this are from at or an have not which but all ' +
  'one their has more were been new can its about other would into these some than them may only time ' +
  'people also most over such first between after where many through water made like well could then ' +
  'how two each because very even much those any what both long used under while same old great still ' +
  'work part place found world small large light house story garden river north winter summer market ' +
  'stone bridge harbour letter island station kitchen window forest valley bicycle jacket lantern recipe ' +
  'journey morning evening season village library archive weather mountain coast meadow orchard workshop'
).split(' ');

/** mulberry32: a tiny seeded generator, enough to spread words and sizes evenly. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sentence(next: () => number): string {
  const length = 8 + Math.floor(next() * 14);
  const words = Array.from({ length }, () => WORDS[Math.floor(next() * WORDS.length)]);
  const text = words.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

// A shared pool of paragraphs: pages differ by which ones they draw, and building a page stays cheap.
const POOL: string[] = (() => {
  const next = random(20261122);
  return Array.from({ length: 512 }, () => {
    const sentences = 3 + Math.floor(next() * 7);
    return Array.from({ length: sentences }, () => sentence(next)).join(' ');
  });
})();

/** The title of page i. */
export function pageTitle(index: number): string {
  const next = random(index * 7919 + 1);
  return `${sentence(next)
    .slice(0, 48)
    .replace(/[ .]+$/, '')} (post ${index})`;
}

/** How many bytes the body of page i aims at, in BODY_BYTES. */
export function bodyTarget(index: number): number {
  const next = random(index * 104729 + 3);
  return BODY_BYTES.min + Math.floor(next() * (BODY_BYTES.max - BODY_BYTES.min));
}

/**
 * The article HTML of page i: sections of paragraphs with headings, about `bodyTarget(i)` bytes.
 *
 * @example pageBodyHtml(0).startsWith('<h2>') // true
 */
export function pageBodyHtml(index: number): string {
  const next = random(index + 1);
  const target = bodyTarget(index);
  const parts: string[] = [];
  let bytes = 0;
  while (bytes < target) {
    const part =
      parts.length % 7 === 0
        ? `<h2>${sentence(next)}</h2>\n`
        : `<p>${POOL[Math.floor(next() * POOL.length)]}</p>\n`;
    parts.push(part);
    bytes += part.length;
  }
  return parts.join('');
}
