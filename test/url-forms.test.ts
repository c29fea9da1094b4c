// One page address, several spellings: pages are named in the encoded form Astro.url and sitemaps use, and
// matched against what a CMS stored in any of the others.
import { expect, test } from 'vitest';
import {
  decodedPath,
  pageHref,
  pathInSite,
  readableUrl,
  spellingsOf,
  urlIdentity,
} from '../src/url-forms.ts';

test('a page URL is percent-encoded with capital hex, as Astro.url and @astrojs/sitemap give it', () => {
  expect(pageHref('https://a.dev', '/café/')).toBe('https://a.dev/caf%C3%A9/');
  expect(pageHref('https://a.dev/', '/блог/мир/')).toBe(
    'https://a.dev/%D0%B1%D0%BB%D0%BE%D0%B3/%D0%BC%D0%B8%D1%80/',
  );
  expect(pageHref('https://a.dev', '/')).toBe('https://a.dev/');
  // The site's own path is kept (a site deployed under a folder).
  expect(pageHref('https://a.dev/docs/', '/guide/')).toBe('https://a.dev/docs/guide/');
  // `%`, `?` and `#` are part of a page's name, not a query or a fragment.
  expect(pageHref('https://a.dev', '/100%/what?/#1/')).toBe('https://a.dev/100%25/what%3F/%231/');
  expect(pageHref('https://a.dev', '/a b/')).toBe('https://a.dev/a%20b/');
});

test('every spelling of an address has one identity; other addresses do not share it', () => {
  const spellings = [
    'https://a.dev/caf%C3%A9/',
    'https://a.dev/caf%c3%a9/',
    'https://a.dev/café/',
    'https://A.dev/café/',
    // WordPress's tables compare without case: it answers for /Café/ when asked for /café/.
    'https://a.dev/Caf%C3%A9/',
    'https://a.dev/CAFé/',
  ];
  expect(new Set(spellings.map((url) => urlIdentity(url))).size).toBe(1);
  expect(urlIdentity('https://a.dev/cafe/')).not.toBe(urlIdentity('https://a.dev/café/'));
  expect(urlIdentity('https://a.dev/café')).not.toBe(urlIdentity('https://a.dev/café/'));
  expect(urlIdentity('http://a.dev/café/')).not.toBe(urlIdentity('https://a.dev/café/'));
  expect(urlIdentity('https://a.dev/a/?Q=One')).toBe(urlIdentity('https://a.dev/A/?q=one'));
  // Only ASCII letters are folded: other letters, and letters behind escapes, compare as they are.
  expect(urlIdentity('https://a.dev/été/')).not.toBe(urlIdentity('https://a.dev/Été/'));
  // A stray `%` or bytes that are not UTF-8 are kept as they are, not an error.
  expect(urlIdentity('https://a.dev/100%/')).toBe(urlIdentity('https://a.dev/100%25/'));
  expect(urlIdentity('https://a.dev/caf%E9/')).toBe('https://a.dev/caf%e9/');
  expect(urlIdentity('https://a.dev/caf%E9/%C3%A9/')).toBe('https://a.dev/caf%e9/é/');
  // An escaped separator names one segment: decoded, it would be another page, or a query, or a fragment.
  expect(urlIdentity('https://a.dev/a%2Fb/')).not.toBe(urlIdentity('https://a.dev/a/b/'));
  expect(urlIdentity('https://a.dev/a%2fb/')).toBe(urlIdentity('https://a.dev/a%2Fb/'));
  expect(urlIdentity('https://a.dev/what%3F/')).not.toBe(urlIdentity('https://a.dev/what?/'));
  expect(urlIdentity('https://a.dev/c%23/')).not.toBe(urlIdentity('https://a.dev/c#/'));
  // A page named `a%2Fb` (its `%` escaped) is neither of those.
  expect(urlIdentity('https://a.dev/a%252Fb/')).not.toBe(urlIdentity('https://a.dev/a%2Fb/'));
  expect(urlIdentity('https://a.dev/a%252Fb/')).not.toBe(urlIdentity('https://a.dev/a/b/'));
  // Other reserved characters are the same page escaped or not, as Astro and WordPress treat them.
  expect(urlIdentity('https://a.dev/a%3Ab%40c/')).toBe(urlIdentity('https://a.dev/a:b@c/'));
  expect(urlIdentity('Not a URL')).toBe('not a url');
  expect(decodedPath('/caf%E9/')).toBe('/caf%E9/');
});

test('the spellings a CMS may have stored: as given, decoded, small hex; one for a plain path', () => {
  expect(spellingsOf('https://a.dev/caf%C3%A9/?x=1')).toEqual([
    { spelling: 'as-given', url: 'https://a.dev/caf%C3%A9/?x=1' },
    { spelling: 'decoded', url: 'https://a.dev/café/?x=1' },
    { spelling: 'small-hex', url: 'https://a.dev/caf%c3%a9/?x=1' },
  ]);
  expect(spellingsOf('https://a.dev/blog/')).toEqual([{ spelling: 'as-given', url: 'https://a.dev/blog/' }]);
  // Escapes without letters look the same with small hex: given once.
  expect(spellingsOf('https://a.dev/a%20b/').map((entry) => entry.spelling)).toEqual(['as-given', 'decoded']);
  // A separator stays encoded when decoded: `%2F` decoded would be another path.
  expect(spellingsOf('https://a.dev/a%2Fb%C3%A9/')[1]?.url).toBe('https://a.dev/a%2Fbé/');
  // Given decoded (typed by hand), it is also asked as a browser sends it.
  expect(spellingsOf('https://a.dev/café/')).toEqual([
    { spelling: 'as-given', url: 'https://a.dev/café/' },
    { spelling: 'encoded', url: 'https://a.dev/caf%C3%A9/' },
    { spelling: 'small-hex', url: 'https://a.dev/caf%c3%a9/' },
  ]);
});

test('messages show addresses as people read them, separators kept encoded', () => {
  expect(readableUrl('https://a.dev/%D0%B1%D0%BB%D0%BE%D0%B3/')).toBe('https://a.dev/блог/');
  expect(readableUrl('https://a.dev/a%2Fb/')).toBe('https://a.dev/a%2Fb/');
  expect(readableUrl('https://a.dev/100%/')).toBe('https://a.dev/100%/');
});

test('a pathname inside the site is what follows base, however base is written; one outside is left as it is', () => {
  for (const base of ['/docs', '/docs/', '/docs//']) {
    expect(pathInSite('/docs/guides/', base)).toBe('/guides/');
    expect(pathInSite('/docs/', base)).toBe('/');
    expect(pathInSite('/docs', base)).toBe('/');
    // A longer first segment is another folder, not the base.
    expect(pathInSite('/docsfoo/a/', base)).toBe('/docsfoo/a/');
    expect(pathInSite('/other/', base)).toBe('/other/');
  }
  for (const base of ['/', '']) expect(pathInSite('/guides/', base)).toBe('/guides/');
  expect(pathInSite('/a/b/c', '/a/b')).toBe('/c');
});
