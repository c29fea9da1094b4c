import { describe, expect, it } from 'vitest';
import { rewriteHead, watchHeadEnd } from '../../src/head/index.ts';

const tags = [
  { key: 'title', html: '<title data-schema-manager>From the API</title>' },
  { key: 'meta:description', html: '<meta data-schema-manager name="description" content="D">' },
];

const pages = [
  '<!doctype html><html><head><meta charset="utf-8"><title>Old</title></head><body><p>Hello</p></body></html>',
  '<html><head><title>Old</title>\n</head>\n<meta name="description" content="late">\n<body>x</body></html>',
  '<title>No head tag</title><meta name="description" content="d"><p>body text</p>',
  '<head><script>document.write("</head><body>")</script><title>T</title></head><body>b</body>',
  '<head><noscript><style>a{}</style></noscript><template><p>in template</p></template></head><body>b</body>',
  '\ufeff<head><!-- </head><body> --><title>T</title></head>   <body>é</body>',
];

/** The shortest prefix (fed one character at a time) after which the watcher says the head is over. */
function endOf(page: string): number | null {
  const watch = watchHeadEnd();
  for (let i = 0; i < page.length; i++) if (watch.write(page[i] as string)) return i + 1;
  return null;
}

describe('watchHeadEnd', () => {
  it.each(pages)(
    'says the head is over only when rewriting the prefix equals rewriting the page: %s',
    (page) => {
      const end = endOf(page);
      expect(end).not.toBeNull();
      const cut = end as number;
      expect(rewriteHead(page.slice(0, cut), tags).html + page.slice(cut)).toBe(rewriteHead(page, tags).html);
    },
  );

  it('does not answer while the body has not started', () => {
    const watch = watchHeadEnd();
    expect(watch.write('<head><title>A</title></he')).toBe(false);
    expect(watch.write('ad>\n  ')).toBe(false);
    expect(watch.write('<bo')).toBe(false);
    expect(watch.write('dy>')).toBe(true);
  });

  it('never answers for a page that is all head', () => {
    expect(endOf('<head><title>only a head</title></head>')).toBeNull();
  });

  it('after a long token in the head (a 2 MB inline script), answers within a quarter of it more', () => {
    const script = `<head><script>self.data=${JSON.stringify('a'.repeat(2 * 1024 * 1024))}</script></head><body>`;
    const page = `${script}${'<p>streaming body</p>'.repeat(100_000)}`;
    const watch = watchHeadEnd();
    let answeredAt: number | null = null;
    for (let at = 0; at < page.length && answeredAt === null; at += 16 * 1024)
      if (watch.write(page.slice(at, at + 16 * 1024))) answeredAt = Math.min(page.length, at + 16 * 1024);
    // Not answered early; pieces inside the token are parsed in growing batches, so a little later than at once.
    expect(answeredAt).toBeGreaterThanOrEqual(script.length);
    expect(answeredAt).toBeLessThanOrEqual(script.length + script.length / 4 + 16 * 1024);
    // What it answered on rewrites as the whole page does.
    const cut = answeredAt as number;
    expect(rewriteHead(page.slice(0, cut), tags).html + page.slice(cut)).toBe(rewriteHead(page, tags).html);
  });

  it('reads a piece longer than a chunk whole: a body starting past the first chunks is seen', () => {
    for (const headLength of [1_000, 3_000, 7_000, 20_000, 300_000]) {
      const head = `<head>${'<meta name="a" content="b">'.repeat(Math.ceil(headLength / 27))}</head>`;
      expect(watchHeadEnd().write(`${head}<body><p>x</p>`), `${headLength}`).toBe(true);
      expect(watchHeadEnd().write(head), `${headLength}`).toBe(false);
    }
  });

  it('answers on the piece that starts the body while nothing long is held', () => {
    const head = `<head>${'<meta name="a" content="b">'.repeat(4000)}</head>`;
    const watch = watchHeadEnd();
    for (let at = 0; at < head.length; at += 1024) expect(watch.write(head.slice(at, at + 1024))).toBe(false);
    expect(watch.write('<body><p>x')).toBe(true);
  });
});
