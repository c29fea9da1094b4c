/// <reference lib="dom" />
// Attack: a legacy inline script (`<!-- document.write('<script></scr'+'ipt>') //-->`) got our tags spliced into
// its string, breaking it and losing the page's title; `<noscript>`, a BOM, CDATA, an unclosed comment and an
// unterminated title were misread too. Each page shape here is rewritten and opened in Chromium: the head's
// elements must be the page's own plus ours, and the rewrite may only have inserted bytes.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type HeadTag, MARK, rewriteHead, scanHead } from '../../src/head/index.ts';
import { launchChromium } from '../support/browser.ts';

const ours: HeadTag[] = [
  { key: 'name:x-schema-test', html: `<meta name="x-schema-test" content="ours" ${MARK}>` },
  {
    key: 'jsonld:0',
    html: `<script type="application/ld+json" ${MARK}>{"@context":"https://schema.org","@type":"Thing","name":"ours"}</script>`,
  },
];

const corpus: Record<string, string> = {
  'legacy document.write script': `<!doctype html><html><head><title>Legacy</title><script><!-- document.write('<script></scr'+'ipt>') //--></script><meta name="a" content="b"></head><body><p>x</p></body></html>`,
  'legacy script on lines of its own': `<!doctype html><html><head><title>Legacy</title><script><!--\ndocument.write('<script></scr'+'ipt>');\n//--></script>\n<meta name="a" content="b">\n</head><body><p>x</p></body></html>`,
  'legacy script writing a closed script': `<!doctype html><html><head><title>W</title><script><!-- document.write('<script src="data:,"></script>') //--></script><meta name="a" content="b"></head><body><p>x</p></body></html>`,
  'legacy script writing a closed script, no </head>': `<html><head><title>W</title><script><!-- document.write('<script src="data:,"></script>') //--></script><p>x</p></html>`,
  'double-escaped script holding </script> and a title': `<!doctype html><html><head><script><!--<script>var a = 1;</script><title>not a title</title></script><title>Real</title></head><body>x</body></html>`,
  'legacy script with no </head>': `<html><head><title>T</title><script><!-- document.write('<p>'); //--></script>\n<body><p>x</p></body></html>`,
  'noscript holding an unbalanced title': `<!doctype html><html><head><noscript><title>x</noscript><title>Real</title><meta name="a" content="b"></head><body>x</body></html>`,
  'noscript holding an unbalanced script': `<!doctype html><html><head><noscript><script></noscript><title>Real</title></head><body>x</body></html>`,
  'byte-order mark': `\uFEFF<!doctype html><html><head><title>BOM</title></head><body>b</body></html>`,
  'byte-order mark, no head tag': `\uFEFF<title>BOM</title><p>b</p>`,
  'CDATA in the head': `<!doctype html><html><head><![CDATA[ <title>no</title> ]]><title>C</title></head><body>x</body></html>`,
  'unclosed comment': `<!doctype html><html><head><title>T</title><!-- never closed </head><body>hi</body></html>`,
  'unterminated title': `<!doctype html><html><head><meta name="a" content="b"><title>Forever <meta name="c" content="d"></head><body>x`,
  'cut inside a tag': `<!doctype html><html><head><title>T</title><meta name="a" content="b`,
  template: `<!doctype html><html><head><template><title>inside</title><meta name="t"></template><title>Real</title></head><body>x</body></html>`,
  'svg title ends the head': `<!doctype html><html><head><title>T</title><svg><title>svg</title></svg><meta name="late"></head><body>x</body></html>`,
  CRLF: `<!doctype html>\r\n<html>\r\n<head>\r\n  <title>CRLF</title>\r\n  <meta name="a" content="b">\r\n</head>\r\n<body>\r\n<p>x</p>\r\n</body>\r\n</html>\r\n`,
  'upper-case tags': `<!DOCTYPE HTML><HTML><HEAD><TITLE>U</TITLE><META NAME="a" CONTENT="b"></HEAD><BODY>x</BODY></HTML>`,
  'no head, a body tag': `<!doctype html><html><body><p>x</p></body></html>`,
  'no head, no body tag': `<!doctype html><p>x</p>`,
  'head content without a head tag': `<!doctype html><title>only</title><p>x</p>`,
  'nothing but html': `<html></html>`,
  '</head> inside an attribute': `<!doctype html><html><head><meta name="a" content="</head><body>"><title>A</title></head><body>x</body></html>`,
  'a link after </head>': `<!doctype html><html><head><title>T</title></head>\n<link rel="x" href="/y">\n<body>x</body></html>`,
  'text ends the head early': `<!doctype html><html><head><title>T</title>hello<meta name="a" content="b"></head><body>x</body></html>`,
  'indented, with a comment': `<!doctype html>\n<html>\n  <head>\n    <!-- c -->\n    <title>T</title>\n  </head>\n  <body>x</body>\n</html>\n`,
  'a long head past the first chunks': `<!doctype html><html><head>${'<meta name="m" content="0123456789">'.repeat(300)}<title>Long</title></head><body>${'<p>x</p>'.repeat(2000)}</body></html>`,
};

let browser: Browser;
let tab: Page;
let server: Server;
let origin: string;
const served = new Map<string, string>();

beforeAll(async () => {
  server = createServer((request, response) => {
    const body = served.get(request.url ?? '');
    response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
  // One tab for every document: a navigation is cheap, a new page is not.
  tab = await browser.newPage();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

interface Seen {
  head: string[];
  body: string | null;
  title: string;
}

async function open(html: string, name: string): Promise<Seen> {
  const path = `/${served.size}`;
  served.set(path, html);
  try {
    await tab.goto(origin + path, { waitUntil: 'load' });
    return await tab.evaluate(() => ({
      head: [...(document.head?.children ?? [])].map((element) => element.outerHTML),
      body: document.body?.outerHTML ?? null,
      title: document.title,
    }));
  } catch (error) {
    throw new Error(`${name}: ${(error as Error).message}`);
  }
}

/**
 * Whether `rewritten` is `original` with one run of bytes inserted that holds our tags and nothing else of
 * note (line breaks, and the `<head>` a page without one is given). The run starts at or a little before the
 * first difference (a `<` or a line break may match by chance).
 */
function onlyInserted(original: string, rewritten: string): boolean {
  let first = 0;
  while (first < original.length && original[first] === rewritten[first]) first++;
  const extra = rewritten.length - original.length;
  for (let at = first; at >= Math.max(0, first - 64); at--) {
    if (rewritten.slice(at + extra) !== original.slice(at) || !rewritten.startsWith(original.slice(0, at)))
      continue;
    let run = rewritten.slice(at, at + extra);
    for (const tag of ours) run = run.replace(tag.html, '');
    if (run.replace(/<\/?head>/g, '').trim() === '') return true;
  }
  return false;
}

test.each(Object.keys(corpus))(
  '%s: Chromium sees the page’s head plus ours, and only bytes were inserted',
  async (name) => {
    const original = corpus[name]!;
    const rewritten = rewriteHead(original, ours).html;
    const before = await open(original, name);
    const after = await open(rewritten, name);

    const marked = after.head.filter((html) => html.includes(MARK));
    expect(marked, `${name}: our tags in the head`).toHaveLength(ours.length);
    expect(
      after.head.filter((html) => !html.includes(MARK)),
      `${name}: the page's own head`,
    ).toEqual(before.head);
    expect(after.body, `${name}: the body`).toEqual(before.body);
    expect(after.title, `${name}: the title`).toBe(before.title);

    // Nothing of the page was changed or removed: the rewrite inserted one run of bytes, made of our tags.
    expect(onlyInserted(original, rewritten), `${name}: only our tags were inserted`).toBe(true);
    // Running again changes nothing.
    expect(rewriteHead(rewritten, ours).html).toBe(rewritten);
  },
  30_000,
);

const title: HeadTag = { key: 'title', html: `<title ${MARK}>API title</title>` };

test.each(Object.keys(corpus))(
  '%s: our title replaces the page’s, and nothing else changes',
  async (name) => {
    const original = corpus[name]!;
    const rewritten = rewriteHead(original, [title, ...ours]).html;
    const before = await open(original, name);
    const after = await open(rewritten, name);
    expect(after.title, `${name}: the title`).toBe('API title');
    expect(
      after.head.filter((html) => html.includes(MARK)),
      `${name}: our tags`,
    ).toHaveLength(ours.length + 1);
    expect(
      after.head.filter((html) => !html.includes(MARK)),
      `${name}: the page's own head, less its title`,
    ).toEqual(before.head.filter((html) => !html.startsWith('<title')));
    expect(after.body, `${name}: the body`).toEqual(before.body);
  },
  30_000,
);

test('the legacy script keeps running and the page keeps its title, with conflicting tags too', async () => {
  const original = corpus['legacy script on lines of its own']!;
  const rewritten = rewriteHead(original, [
    { key: 'title', html: `<title ${MARK}>API title</title>` },
    ...ours,
  ]);
  const seen = await open(rewritten.html, 'legacy with title');
  expect(seen.title).toBe('API title');
  expect(seen.head.filter((html) => html.startsWith('<title'))).toHaveLength(1);
  // document.write ran: its script element is in the head as in the original.
  expect(seen.head.filter((html) => html === '<script></script>')).toHaveLength(1);
  expect(scanHead(original).elements.map((element) => element.name)).toEqual(['title', 'script', 'meta']);
  expect(scanHead(original).elements[1]!.text).toBe("<!--\ndocument.write('<script></scr'+'ipt>');\n//-->");
}, 30_000);
