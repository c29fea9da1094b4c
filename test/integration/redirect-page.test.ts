// A redirect page of a static build (Astro.redirect, a middleware's context.redirect) is no page: the build
// leaves Astro's head on it, whose canonical names the page it leads to.
import { expect, test } from 'vitest';
import { isRedirectPage } from '../../src/integration/redirect-page.ts';

// As Astro 7's redirectTemplate writes it (core/routing/3xx.js).
const astroRedirect = `<!doctype html>
<title>Redirecting to: /en/about/</title>
<meta http-equiv="refresh" content="2;url=/en/about/">
<meta name="robots" content="noindex">
<link rel="canonical" href="https://www.example.com/en/about/">
<body>
	<a href="/en/about/">Redirecting from <code>/en/old/</code> to <code>/en/about/</code></a>
</body>`;

const bytes = (html: string) => Buffer.from(html, 'utf8');

test("Astro's redirect page is a redirect", () => {
  expect(isRedirectPage(bytes(astroRedirect))).toBe(true);
  expect(isRedirectPage(bytes('<html><head><META HTTP-EQUIV=Refresh CONTENT="0; URL=/new/"></head>'))).toBe(
    true,
  );
});

test('a page that only reloads itself, or mentions a refresh outside its head, is a page', () => {
  expect(isRedirectPage(bytes('<html><head><meta http-equiv="refresh" content="300"></head><body>'))).toBe(
    false,
  );
  expect(
    isRedirectPage(
      bytes(
        '<html><head><title>Docs</title></head><body><pre>&lt;meta http-equiv="refresh" content="0;url=/x/"&gt;</pre><meta http-equiv="refresh" content="0;url=/x/"></body>',
      ),
    ),
  ).toBe(false);
  expect(isRedirectPage(bytes('<html><head><title>Plain</title></head><body>'))).toBe(false);
});
