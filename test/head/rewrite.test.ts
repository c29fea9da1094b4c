import { describe, expect, test } from 'vitest';
import {
  CHUNK_SIZE,
  type HeadTag,
  prepareHeadData,
  readHeadTags,
  renderHeadTags,
  rewriteHead,
  rewriteHeadBytes,
  scanHead,
} from '../../src/head/index.ts';

const tags: HeadTag[] = renderHeadTags({
  schemas: [{ '@context': 'https://schema.org', '@type': 'WebPage', name: 'P' }],
  meta: {
    url: '/',
    title: 'API title',
    description: 'API description',
    robots: 'index',
    canonical: 'https://example.com/p/',
    keywords: null,
  },
  social: {
    url: '/',
    og: {
      title: 'OG',
      description: null,
      image: 'https://cms.example.com/wp-content/a.jpg',
      image_alt: 'Alt',
      type: 'article',
      url: null,
      site_name: null,
      locale: null,
    },
    twitter: {
      card: 'summary_large_image',
      title: null,
      description: null,
      image: null,
      image_alt: null,
      site: null,
      creator: null,
    },
  },
});

const PAGE = [
  '<!DOCTYPE html>',
  '<html lang="en">',
  '  <head>',
  '    <meta charset="utf-8">',
  '    <title>Page title</title>',
  '    <meta name="description" content="Page description">',
  '    <link rel="canonical" href="https://example.com/page/">',
  '    <meta property="og:title" content="Page OG">',
  '    <meta property="og:image" content="https://example.com/old.jpg">',
  '    <meta property="og:image:width" content="1200">',
  '    <script type="application/ld+json">{"@type":"Organization"}</script>',
  '  </head>',
  '  <body><h1>Hi</h1></body>',
  '</html>',
].join('\n');

describe('rewriteHead', () => {
  test('what is not a page and its tags is named, not met as a property of null', () => {
    expect(() => rewriteHead(null as never, tags)).toThrow(
      new TypeError('rewriteHead: html must be a string; got null.'),
    );
    expect(() => rewriteHead('<head></head>', null as never)).toThrow(
      new TypeError('rewriteHead: tags must be an array (from renderHeadTags); got null.'),
    );
  });

  test("'api' (default) replaces the page's conflicting tags and keeps its JSON-LD", () => {
    const result = rewriteHead(PAGE, tags);
    const head = readHeadTags(result.html);
    expect(head.values.title).toEqual(['API title']);
    expect(head.values['meta:description']).toEqual(['API description']);
    expect(head.values['link:canonical']).toEqual(['https://example.com/p/']);
    expect(head.values['property:og:title']).toEqual(['OG']);
    expect(head.values['property:og:image']).toEqual(['https://cms.example.com/wp-content/a.jpg']);
    // The old image's width described the old image: it goes with it.
    expect(head.values['property:og:image:width']).toBeUndefined();
    expect(head.jsonLd).toEqual([
      '{"@type":"Organization"}',
      '{"@context":"https://schema.org","@type":"WebPage","name":"P"}',
    ]);
    expect(result).toMatchObject({ changed: true, written: tags.length, replaced: 6, kept: 0, skipped: [] });
    expect(head.charsetFirst).toBe(true);
    // Removed tags leave no blank lines; the body is untouched.
    expect(result.html).not.toMatch(/\n[ \t]*\n/);
    expect(result.html.endsWith('  </head>\n  <body><h1>Hi</h1></body>\n</html>')).toBe(true);
  });

  test("a page's <meta name=\"title\"> goes with its <title> under 'api', and stays with it under 'page'", () => {
    const page = PAGE.replace(
      '<title>Page title</title>',
      '<title>Page title</title><meta name="title" content="Page title">',
    );
    const api = readHeadTags(rewriteHead(page, tags).html);
    expect(api.values.title).toEqual(['API title']);
    expect(api.values['name:title']).toBeUndefined();
    const own = readHeadTags(rewriteHead(page, tags, { onConflict: 'page' }).html);
    expect(own.values.title).toEqual(['Page title']);
    expect(own.values['name:title']).toEqual(['Page title']);
  });

  test("'page' keeps the page's tags and leaves out ours with the same key", () => {
    const result = rewriteHead(PAGE, tags, { onConflict: 'page' });
    const head = readHeadTags(result.html);
    expect(head.values.title).toEqual(['Page title']);
    expect(head.values['meta:description']).toEqual(['Page description']);
    expect(head.values['link:canonical']).toEqual(['https://example.com/page/']);
    expect(head.values['property:og:title']).toEqual(['Page OG']);
    expect(head.values['property:og:image']).toEqual(['https://example.com/old.jpg']);
    // Our alt would describe the page's image: it is left out with our og:image.
    expect(head.values['property:og:image:alt']).toBeUndefined();
    expect(head.values['meta:robots']).toEqual(['index']);
    expect(head.values['name:twitter:card']).toEqual(['summary_large_image']);
    expect(result.skipped).toEqual([
      'title',
      'meta:description',
      'link:canonical',
      'property:og:title',
      'property:og:image',
      'property:og:image:alt',
    ]);
    expect(result.replaced).toBe(0);
    expect(result.kept).toBe(5);
  });

  test.each(['api', 'page'] as const)("running twice changes nothing (onConflict '%s')", (onConflict) => {
    for (const page of [
      PAGE,
      PAGE.replaceAll('\n', '\r\n'),
      PAGE.replaceAll(/\n\s*/g, ''),
      '<!doctype html><html><body>x</body></html>',
      '<p>only body',
      '',
    ]) {
      const once = rewriteHead(page, tags, { onConflict }).html;
      const twice = rewriteHead(once, tags, { onConflict });
      expect(twice.html).toBe(once);
      expect(twice.changed).toBe(false);
      expect(readHeadTags(once).marked).toBe(readHeadTags(twice.html).marked);
    }
  });

  test('never two titles, descriptions or canonicals, whatever the case of the page tags', () => {
    const page =
      '<HTML><HEAD><META CHARSET=utf-8><TITLE>Old</TITLE><META NAME="Description" CONTENT=old><LINK REL="Canonical" HREF=/x></HEAD><BODY></BODY></HTML>';
    for (const onConflict of ['api', 'page'] as const) {
      const head = readHeadTags(rewriteHead(page, tags, { onConflict }).html);
      expect(head.values.title).toHaveLength(1);
      expect(head.values['meta:description']).toHaveLength(1);
      expect(head.values['link:canonical']).toHaveLength(1);
      expect(head.charsetFirst).toBe(true);
    }
  });

  test('og:* written with name= and twitter:* with property= still conflict', () => {
    const page =
      '<head><meta name="og:title" content="x"><meta property="twitter:card" content="summary"></head>';
    const head = readHeadTags(rewriteHead(page, tags).html);
    expect(head.values['property:og:title']).toEqual(['OG']);
    expect(head.values['name:twitter:card']).toEqual(['summary_large_image']);
  });

  test('replaces tags it wrote earlier even when the data changed, and removes them when there is nothing to write', () => {
    const first = rewriteHead(PAGE, tags).html;
    const other = renderHeadTags({
      schemas: [],
      meta: { url: '/', title: 'Other', description: null, robots: null, canonical: null, keywords: null },
      social: null,
    });
    const second = readHeadTags(rewriteHead(first, other).html);
    expect(second.values.title).toEqual(['Other']);
    expect(second.values['meta:description']).toBeUndefined();
    expect(second.marked).toBe(1);
    expect(readHeadTags(rewriteHead(first, []).html).marked).toBe(0);
  });

  test('keeps untouched bytes identical, including > inside quoted attribute values and unquoted attributes', () => {
    const page =
      '<head><meta charset=utf-8><meta name="x" content="a > b"><link rel=stylesheet href=/a.css?x=1&amp;y=2></head><body>é</body>';
    const result = rewriteHead(page, tags);
    expect(
      result.html.startsWith(
        '<head><meta charset=utf-8><meta name="x" content="a > b"><link rel=stylesheet href=/a.css?x=1&amp;y=2>\n<title',
      ),
    ).toBe(true);
    expect(result.html.endsWith('</head><body>é</body>')).toBe(true);
    expect(readHeadTags(page).values['name:x']).toEqual(['a > b']);
  });

  test('a script in the head holding "</head>" in a string does not end the head', () => {
    const page = '<head><script>var s = "</head><body>";</script><title>x</title></head><body></body>';
    const result = rewriteHead(page, tags);
    expect(
      result.html.startsWith('<head><script>var s = "</head><body>";</script>\n<title data-schema-manager>'),
    ).toBe(true);
    expect(readHeadTags(result.html).values.title).toEqual(['API title']);
  });

  test('comments, conditional comments, doctype and BOM are kept; tags inside comments are not tags', () => {
    const page =
      '\ufeff<!DOCTYPE html><html><head><!-- <title>no</title> --><!--[if lt IE 9]><script src="x.js"></script><![endif]--><meta charset="utf-8"><title>yes</title></head><body></body></html>';
    expect(readHeadTags(page).values.title).toEqual(['yes']);
    const result = rewriteHead(page, tags);
    expect(
      result.html.startsWith(
        '\ufeff<!DOCTYPE html><html><head><!-- <title>no</title> --><!--[if lt IE 9]><script src="x.js"></script><![endif]--><meta charset="utf-8">',
      ),
    ).toBe(true);
    expect(result.replaced).toBe(1);
  });

  test('tags inside <noscript> or <template> in the head are not head tags', () => {
    const page = '<head><noscript><title>ns</title><img src=x></noscript><title>real</title></head><body>';
    expect(readHeadTags(page).values.title).toEqual(['real']);
    expect(rewriteHead(page, tags).html).toContain('<noscript><title>ns</title><img src=x></noscript>');
  });

  test('a page with no head gets one after <html>, before the body', () => {
    const result = rewriteHead('<!doctype html><html lang="en"><body><p>x</p></body></html>', tags);
    expect(
      result.html.startsWith(
        '<!doctype html><html lang="en">\n<head>\n<title data-schema-manager>API title</title>\n',
      ),
    ).toBe(true);
    expect(result.html.endsWith('</head>\n<body><p>x</p></body></html>')).toBe(true);
  });

  test('a piece of a page (a partial, a server island) is left as it is; a document without a head is not one', () => {
    for (const fragment of [
      '<div class="card">A card</div>',
      '<p>only body',
      '<link rel="stylesheet" href="/a.css"><style>.a{}</style><div>styled</div>',
      '<script type="module" src="/x.js"></script><!-- c --><div>scripted</div>',
      '',
    ]) {
      const result = rewriteHead(fragment, tags);
      expect(result).toMatchObject({ html: fragment, changed: false, written: 0, fragment: true });
      expect(readHeadTags(fragment).fragment).toBe(true);
      expect(rewriteHeadBytes(Buffer.from(fragment), tags)).toMatchObject({ changed: false, fragment: true });
    }
    for (const page of [
      '<!doctype html><p>x</p>',
      '<html><div>x</div>',
      '<head></head><p>x</p>',
      '<title>T</title><p>x</p>',
    ]) {
      expect(readHeadTags(page).fragment).toBe(false);
      expect(rewriteHead(page, tags)).toMatchObject({ changed: true, fragment: false });
    }
  });

  test('a head with no <head> tag (implied) gets the tags after its content, charset staying first', () => {
    const result = rewriteHead('<html><meta charset="utf-8"><title>x</title><body>y</body></html>', tags);
    expect(result.html.startsWith('<html><meta charset="utf-8">\n<title data-schema-manager>')).toBe(true);
    expect(result.html).not.toContain('<head>');
    expect(readHeadTags(result.html).values.title).toEqual(['API title']);
    expect(readHeadTags(result.html).charsetFirst).toBe(true);
  });

  test('the head ends at the first body element even without </head>', () => {
    const result = rewriteHead('<head><meta charset="utf-8"><div><title>in body</title></div>', tags);
    expect(result.html.startsWith('<head><meta charset="utf-8">\n<title data-schema-manager>')).toBe(true);
    expect(result.html.endsWith('\n<div><title>in body</title></div>')).toBe(true);
  });

  test('CRLF pages get CRLF lines', () => {
    const result = rewriteHead(PAGE.replaceAll('\n', '\r\n'), tags);
    expect(result.html).not.toMatch(/[^\r]\n/);
  });

  test("values across the first parse pass's end read back whole", () => {
    for (let shift = -6; shift <= 6; shift++) {
      const prefix = '<head><meta name="x" content="';
      const padding = 'p'.repeat(CHUNK_SIZE - prefix.length + shift);
      const page = `${prefix}${padding}&amp;&#x1F4A5;q"><title>a &lt; b</title></head><body>`;
      const head = readHeadTags(page);
      expect(head.values['name:x']).toEqual([`${padding}&💥q`]);
      expect(head.title).toBe('a < b');
    }
  });

  test('work is bounded by the head: a 5 MB body is never parsed', () => {
    const body = `<body>${'<div class="c">text &amp; more</div>'.repeat(150_000)}</body></html>`;
    const page = `<!doctype html><html><head><meta charset="utf-8"><title>x</title></head>${body}`;
    expect(page.length).toBeGreaterThan(5_000_000);
    // Fed up to the end of the body's start tag, not a chunk further.
    expect(scanHead(page).parsedChars).toBe(page.indexOf('<body>') + '<body>'.length);
    const bigHead = `<html><head>${'<meta name="a" content="b">'.repeat(2000)}</head>${body}`;
    // Fed until the body has started: the head and at most two chunks more.
    expect(scanHead(bigHead).parsedChars).toBeLessThanOrEqual(bigHead.indexOf('<body>') + 2 * CHUNK_SIZE);
    const result = rewriteHead(page, tags);
    expect(result.html.endsWith(body)).toBe(true);
  });

  test("a body start tag written in a head script or comment is only a place to pause, not the head's end", () => {
    const page =
      '<html><head><script>document.write("<body class=x>")</script><!-- <body> -->' +
      '<title>t</title><meta name="description" content="d"></head><body><p>text</p></body></html>';
    const scan = scanHead(page);
    expect(scan.elements.map((element) => element.name)).toEqual(['script', 'title', 'meta']);
    expect(scan.insertAt).toBe(page.indexOf('</head>'));
    expect(scan.complete).toBe(true);
  });

  test('a prefix scan is complete only once the body starts inside it', () => {
    const page = '<html><head><title>t</title></head><body><p>text</p></body></html>';
    const cut = page.indexOf('</head>') + 3;
    expect(scanHead(page.slice(0, cut), { prefix: true }).complete).toBe(false);
    const whole = scanHead(page);
    const prefix = scanHead(page.slice(0, page.indexOf('<p>')), { prefix: true });
    expect(prefix.complete).toBe(true);
    expect(prefix.insertAt).toBe(whole.insertAt);
    expect(prefix.elements).toEqual(whole.elements);
    // A head cut short by the end of a whole document is complete: there is nothing more to read.
    expect(scanHead(page.slice(0, cut)).complete).toBe(true);
  });
});

describe("rewriteHead with jsonLdConflict: 'api'", () => {
  const cms = (...schemas: object[]) => renderHeadTags({ schemas, meta: null, social: null });
  const BODY = '<script type="application/ld+json">{"@type":"BlogPosting","headline":"In the body"}</script>';
  const page = (...scripts: string[]) =>
    [
      '<!doctype html><html><head>',
      '<meta charset="utf-8">',
      ...scripts.map((json) => `<script type="application/ld+json">${json}</script>`),
      '</head><body>',
      '</body></html>',
    ].join('\n');
  const withBody = (html: string) => html.replace('<body>', `<body>\n${BODY}`);
  const article = { '@context': 'https://schema.org', '@type': 'BlogPosting', headline: 'From the CMS' };

  test("removes the page's scripts, head and body, that describe only what the CMS's does", () => {
    const theme = '{"@context":"https://schema.org","@type":"BlogPosting","headline":"From the theme"}';
    const result = rewriteHead(withBody(page(theme)), cms(article), { jsonLdConflict: 'api' });
    expect(result.jsonLdReplaced).toBe(2);
    expect(readHeadTags(result.html).jsonLd).toEqual([
      '{"@context":"https://schema.org","@type":"BlogPosting","headline":"From the CMS"}',
    ]);
    expect(result.html).not.toContain('From the theme');
    expect(result.html).not.toContain('In the body');
    // Each removed script went with its line: no blank line stays behind.
    expect(result.html).not.toMatch(/\n[ \t]*\n/);
    expect(result.html.endsWith('</head><body>\n</body></html>')).toBe(true);
  });

  test('given only the start of a page (prefix), or the head of a streaming one (headOnly), the body stays', () => {
    for (const only of [{ prefix: true }, { headOnly: true }]) {
      const result = rewriteHead(withBody(page()), cms(article), { jsonLdConflict: 'api', ...only });
      expect(result.jsonLdReplaced).toBe(0);
      expect(result.html).toContain('In the body');
      expect(readHeadTags(result.html).jsonLd).toHaveLength(1);
    }
  });

  test('a body script that also describes something else stays, byte for byte', () => {
    const body =
      '<script type="application/ld+json">[{"@type":"BlogPosting"},{"@type":"BreadcrumbList"}]</script>';
    const html = `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`;
    const result = rewriteHead(html, cms(article), { jsonLdConflict: 'api' });
    expect(result.jsonLdReplaced).toBe(0);
    expect(result.html).toContain(body);
  });

  test('types compare as schema.org names, whichever way they are spelled', () => {
    const theme = '{"@context":"https://schema.org","@type":"schema:BlogPosting"}';
    expect(rewriteHead(page(theme), cms(article), { jsonLdConflict: 'api' }).jsonLdReplaced).toBe(1);
  });

  test('keeps a script that also describes something else, one with the same @id, and one that does not parse', () => {
    const graph =
      '{"@context":"https://schema.org","@graph":[{"@type":"WebSite","name":"S"},{"@type":"BlogPosting"}]}';
    const sameId = '{"@context":"https://schema.org","@type":"BlogPosting","@id":"https://a.dev/p/#post"}';
    const broken = '{"@type":"BlogPosting",';
    const result = rewriteHead(
      page(graph, sameId, broken),
      cms({ ...article, '@id': 'https://a.dev/p/#post' }),
      { jsonLdConflict: 'api' },
    );
    expect(result.jsonLdReplaced).toBe(0);
    expect(readHeadTags(result.html).jsonLd).toHaveLength(4);
  });

  test("'keep-both' (the default) and a CMS with no JSON-LD for the page leave the page's scripts alone", () => {
    const theme = '{"@context":"https://schema.org","@type":"BlogPosting"}';
    expect(rewriteHead(page(theme), cms(article)).jsonLdReplaced).toBe(0);
    expect(rewriteHead(page(theme), cms(), { jsonLdConflict: 'api' }).jsonLdReplaced).toBe(0);
    const other = rewriteHead(page(theme), cms({ ...article, '@type': 'Event' }), { jsonLdConflict: 'api' });
    expect(other.jsonLdReplaced).toBe(0);
  });

  test('a head of more elements than a call takes arguments (200,000 meta tags) is rewritten, not a RangeError', () => {
    const head = '<meta name="x" content="y">'.repeat(200_000);
    const html = `<!doctype html><html><head>${head}</head><body>\n${BODY}\n</body></html>`;
    const result = rewriteHead(html, cms(article), { jsonLdConflict: 'api' });
    expect(result.jsonLdReplaced).toBe(1);
    expect(readHeadTags(result.html).jsonLd).toHaveLength(1);
  });

  test('a graph written by graph: true is compared node by node', () => {
    const theme = '{"@context":"https://schema.org","@type":"BlogPosting"}';
    const tags = renderHeadTags(
      {
        schemas: [article, { '@context': 'https://schema.org', '@type': 'Organization' }],
        meta: null,
        social: null,
      },
      { graph: true },
    );
    const result = rewriteHead(page(theme), tags, { jsonLdConflict: 'api' });
    expect(result.jsonLdReplaced).toBe(1);
    expect(readHeadTags(result.html).jsonLd).toHaveLength(1);
  });

  test('a second run changes nothing more', () => {
    const theme = '{"@context":"https://schema.org","@type":"BlogPosting"}';
    const once = rewriteHead(page(theme), cms(article), { jsonLdConflict: 'api' }).html;
    const twice = rewriteHead(once, cms(article), { jsonLdConflict: 'api' });
    expect(twice.html).toBe(once);
    expect(twice.jsonLdReplaced).toBe(0);
  });
});

test('an onConflict or jsonLdConflict outside its values is refused: it would write a second title', () => {
  const page = '<html><head><title>Page</title></head><body></body></html>';
  const tags = [{ key: 'title', html: '<title data-schema-manager>CMS</title>' }];
  // @ts-expect-error: as JavaScript, or a config read as text, may pass it.
  expect(() => rewriteHead(page, tags, { onConflict: 'bogus' })).toThrow(
    `rewriteHead: onConflict must be 'api' or 'page'; got "bogus".`,
  );
  // @ts-expect-error: the same for jsonLdConflict.
  expect(() => rewriteHead(page, tags, { jsonLdConflict: 'replace' })).toThrow(/jsonLdConflict must be/);
  expect(rewriteHead(page, tags).html.match(/<title/g)).toHaveLength(1);
});

test("with onConflict 'page', tags copied from a CMS tag the page overrode are left out with it", () => {
  const prepared = prepareHeadData(
    {
      schemas: [],
      meta: {
        url: 'https://www.example.com/a/',
        title: 'CMS title',
        description: 'CMS description',
        robots: null,
        canonical: null,
        keywords: null,
      },
      social: null,
    },
    {},
  );
  const tags = renderHeadTags(prepared);
  const page =
    '<html><head><title>Page title</title><meta property="og:description" content="Page og"></head><body></body></html>';
  const values = readHeadTags(rewriteHead(page, tags, { onConflict: 'page' }).html).values;
  // The page's title stays, so og:title and twitter:title copied from the CMS's title are not written.
  expect(values.title).toEqual(['Page title']);
  expect(values['property:og:title']).toBeUndefined();
  expect(values['name:twitter:title']).toBeUndefined();
  // The CMS's description is written (the page had none); og:description is the page's, so twitter's copy of
  // the CMS's og:description is left out too.
  expect(values['meta:description']).toEqual(['CMS description']);
  expect(values['property:og:description']).toEqual(['Page og']);
  expect(values['name:twitter:description']).toBeUndefined();
  // With 'api' every CMS tag is written, copies included.
  const api = readHeadTags(rewriteHead(page, tags).html).values;
  expect(api['name:twitter:title']).toEqual(['CMS title']);
  expect(api['property:og:description']).toEqual(['CMS description']);
});

test('a page whose lines end in CR alone keeps its line ends, and a second rewrite changes nothing', () => {
  const page =
    '<!doctype html>\r<html>\r<head>\r<meta charset="utf-8">\r<title>Old</title>\r</head>\r<body>\r<p>x</p>\r</body>\r</html>';
  const once = rewriteHead(page, tags).html;
  expect(once).not.toMatch(/\n/);
  expect(
    once.startsWith('<!doctype html>\r<html>\r<head>\r<meta charset="utf-8">\r<title data-schema-manager>'),
  ).toBe(true);
  expect(once.endsWith('</head>\r<body>\r<p>x</p>\r</body>\r</html>')).toBe(true);
  expect(rewriteHead(once, tags).html).toBe(once);
});
