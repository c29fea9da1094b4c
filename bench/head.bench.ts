/**
 * Pages per second for `rewriteHead` (and the whole prepare → render → rewrite step) on a realistic
 * 30 KB page and on a 2 MB page with the same head; and the time for a head holding one 4 MB inline script,
 * whole and streamed in 16 KB pieces (a token that long once cost the parser time growing with its square).
 * Run: `node bench/head.bench.ts`.
 */
import { prepareHeadData, renderHeadTags, rewriteHead, watchHeadEnd } from '../src/head/index.ts';
import type { HeadData } from '../src/head/types.ts';

const head = [
  '<!DOCTYPE html>',
  '<html lang="en">',
  '<head>',
  '<meta charset="utf-8">',
  '<meta name="viewport" content="width=device-width, initial-scale=1">',
  '<title>Hello world | Example</title>',
  '<meta name="description" content="A post about things &amp; stuff">',
  '<link rel="canonical" href="https://example.com/blog/hello/">',
  '<link rel="icon" type="image/svg+xml" href="/favicon.svg">',
  '<meta property="og:title" content="Hello world">',
  '<meta property="og:image" content="https://example.com/og.png">',
  '<link rel="stylesheet" href="/_astro/index.Bx3k2.css">',
  '<script type="module" src="/_astro/hoisted.9a8b7c.js"></script>',
  `<style>${'.a{color:red}'.repeat(150)}</style>`,
  '</head>',
].join('\n');

function page(bodyBytes: number): string {
  const block =
    '<section class="post"><h2>Heading</h2><p>Some text with <a href="/x">a link</a> &amp; an entity.</p></section>\n';
  return `${head}\n<body>\n${block.repeat(Math.ceil(bodyBytes / block.length))}</body>\n</html>\n`;
}

const data: HeadData = {
  schemas: [
    {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: '{{meta_title}}',
      url: 'https://cms.example.com/blog/hello/',
      image: 'https://cms.example.com/wp-content/uploads/hello.jpg',
      author: { '@type': 'Person', name: 'Ada' },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Blog', item: 'https://cms.example.com/blog/' },
      ],
    },
  ],
  meta: {
    url: 'https://cms.example.com/blog/hello/',
    title: 'Hello world',
    description: 'A post.',
    robots: 'index,follow',
    canonical: 'https://cms.example.com/blog/hello/',
    keywords: null,
  },
  social: {
    url: 'https://cms.example.com/blog/hello/',
    og: {
      title: 'Hello world',
      description: 'A post.',
      image: 'https://cms.example.com/wp-content/uploads/hello.jpg',
      image_alt: 'A hello',
      type: 'article',
      url: 'https://cms.example.com/blog/hello/',
      site_name: 'Example',
      locale: 'en_US',
    },
    twitter: {
      card: 'summary_large_image',
      title: null,
      description: null,
      image: null,
      image_alt: null,
      site: '@example',
      creator: null,
    },
  },
};
const options = { cmsOrigin: 'https://cms.example.com', siteOrigin: 'https://example.com' };
const tags = renderHeadTags(prepareHeadData(data, options));

function measure(label: string, html: string, work: (html: string) => unknown): void {
  for (let i = 0; i < 200; i++) work(html); // warm up
  let pages = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < 1500) {
    for (let i = 0; i < 50; i++) work(html);
    pages += 50;
    elapsed = performance.now() - start;
  }
  const perSecond = Math.round((pages / elapsed) * 1000);
  console.log(
    `${label.padEnd(52)} ${String(perSecond).padStart(8)} pages/s  (${(elapsed / pages).toFixed(4)} ms/page)`,
  );
}

for (const [name, html] of [
  ['30 KB page', page(30 * 1024 - head.length)],
  ['2 MB page', page(2 * 1024 * 1024)],
] as const) {
  const kb = `${Math.round(html.length / 1024)} KiB`;
  measure(`rewriteHead, ${name} (${kb})`, html, (h) => rewriteHead(h, tags));
  measure(`prepare + render + rewrite, ${name}`, html, (h) =>
    rewriteHead(h, renderHeadTags(prepareHeadData(data, options))),
  );
}

// One long token in the head: an inline script of 4 MB (a page's data, inlined).
const bigScript = `<!DOCTYPE html><html><head><title>x</title><script>self.data=${JSON.stringify('a'.repeat(4 * 1024 * 1024))}</script></head><body><p>x</p></body></html>`;
for (const [label, work] of [
  ['rewriteHead, a head with a 4 MB inline script', () => rewriteHead(bigScript, tags)],
  [
    'its head watched streaming, 16 KB pieces',
    () => {
      const watch = watchHeadEnd();
      for (let at = 0; at < bigScript.length; at += 16 * 1024)
        watch.write(bigScript.slice(at, at + 16 * 1024));
    },
  ],
] as const) {
  const start = performance.now();
  work();
  console.log(`${label.padEnd(52)} ${(performance.now() - start).toFixed(0).padStart(8)} ms`);
}
