import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, test } from 'vitest';
import {
  escapeAttribute,
  escapeText,
  isSafeUrl,
  readHeadTags,
  renderHeadTags,
  rewriteHead,
  serializeJsonForScript,
} from '../../src/head/index.ts';

const PAGE =
  '<!doctype html><html><head><meta charset="utf-8"><title>t</title></head><body><p>body</p></body></html>';
const NASTY = [
  '</script>',
  '</SCRIPT >',
  '<!--',
  '-->',
  '<script>',
  '\u2028',
  '\u2029',
  '&amp;',
  '"',
  "'",
  '<',
  '>',
  '&',
  '\\',
  '\u0000',
  '💥',
  '\ud800',
];

/** Script bodies as an independent HTML parser (a DOM build) sees them. */
function scriptsOf(html: string): string[] {
  const document = parseDocument(html);
  return DomUtils.getElementsByTagName('script', document).map((script) => DomUtils.textContent(script));
}

function randomString(random: () => number): string {
  let text = '';
  const parts = 1 + Math.floor(random() * 8);
  for (let i = 0; i < parts; i++) {
    text +=
      random() < 0.5
        ? NASTY[Math.floor(random() * NASTY.length)]
        : String.fromCharCode(32 + Math.floor(random() * 95));
  }
  return text;
}

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('serializeJsonForScript', () => {
  test('escapes every character that could end the script or open a comment', () => {
    const json = serializeJsonForScript({ a: '</script><!--x-->\u2028\u2029&' });
    expect(json).toBe('{"a":"\\u003c/script\\u003e\\u003c!--x--\\u003e\\u2028\\u2029\\u0026"}');
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
  });

  test('refuses values with no JSON form, saying so', () => {
    expect(() => serializeJsonForScript(undefined)).toThrow(/no JSON form/);
  });

  test('random strings survive serialise → page → parse → JSON.parse exactly (keys too)', () => {
    const random = seeded(42);
    for (let round = 0; round < 300; round++) {
      const value = {
        '@type': 'Thing',
        name: randomString(random),
        [randomString(random)]: [randomString(random), { x: randomString(random) }],
      };
      const tags = renderHeadTags({ schemas: [value], meta: null, social: null });
      const html = rewriteHead(PAGE, tags).html;
      const viaDom = scriptsOf(html);
      expect(viaDom).toHaveLength(1);
      expect(JSON.parse(viaDom[0]!)).toEqual(value);
      expect(JSON.parse(readHeadTags(html).jsonLd[0]!)).toEqual(value);
      // The body is still where it was: nothing in the value opened a comment or ended the head.
      expect(html.endsWith('<body><p>body</p></body></html>')).toBe(true);
    }
  });
});

describe('attribute and text escaping', () => {
  test('escapes quotes, angle brackets and ampersands in attributes', () => {
    expect(escapeAttribute(`"><script>alert('x')</script>&`)).toBe(
      '&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;',
    );
  });

  test('escapes title text', () => {
    expect(escapeText('</title><script>&')).toBe('&lt;/title&gt;&lt;script&gt;&amp;');
  });

  test('an XSS corpus in meta values reads back as the same text and adds no element', () => {
    const corpus = [
      '"><script>alert(1)</script>',
      "' onmouseover='x",
      '</title><script>x</script>',
      '<!--',
      '&lt;b&gt; &amp;',
      'a\u2028b\nc',
    ];
    for (const value of corpus) {
      const tags = renderHeadTags({
        schemas: [],
        meta: { url: '/', title: value, description: value, robots: value, canonical: null, keywords: value },
        social: {
          url: '/',
          og: {
            title: value,
            description: value,
            image: null,
            image_alt: null,
            type: null,
            url: null,
            site_name: value,
            locale: null,
          },
          twitter: {
            card: value,
            title: value,
            description: value,
            image: null,
            image_alt: null,
            site: value,
            creator: value,
          },
        },
      });
      const html = rewriteHead(PAGE, tags).html;
      const head = readHeadTags(html);
      expect(head.title).toBe(value);
      expect(head.description).toBe(value);
      expect(head.values['property:og:site_name']).toEqual([value]);
      expect(head.values['name:twitter:creator']).toEqual([value]);
      expect(scriptsOf(html)).toEqual([]);
      expect(DomUtils.getElementsByTagName('title', parseDocument(html))).toHaveLength(1);
    }
  });
});

describe('isSafeUrl', () => {
  test.each([
    'https://example.com/a?b=1#c',
    'http://example.com',
    '/relative/path',
    'relative',
    '//example.com/x',
    'HTTPS://EXAMPLE.COM',
  ])('allows %s', (url) => {
    expect(isSafeUrl(url)).toBe(true);
  });

  test.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0000javascript:alert(1)',
    'jav&#x61;script:alert(1)',
    'jav&#97;script:alert(1)',
    'javascript&colon;alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
  ])('refuses %j', (url) => {
    expect(isSafeUrl(url)).toBe(false);
  });
});
