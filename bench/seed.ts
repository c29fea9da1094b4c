// What the benches load into the reference server: one Article, meta and social entry per page URL, valid
// for Google's rich results so that no bench row stops on a finding.
import type { SeedFile } from '../src/server/index.ts';

/** A user with every capability; the password is only ever sent over loopback. */
export const BENCH_USER = { name: 'bench', password: 'Bench Pass Word 1234 5678' };

/**
 * Schemas, meta and social tags for each URL.
 *
 * @example createServer({ site: 'https://www.example.com', seed: seedFor(['https://www.example.com/posts/0/']) })
 */
export function seedFor(urls: readonly string[]): Required<Omit<SeedFile, 'selection'>> {
  const seed: Required<Omit<SeedFile, 'selection'>> = { schemas: [], meta: [], social: [] };
  urls.forEach((url, i) => {
    const site = new URL(url).origin;
    seed.schemas.push({
      url,
      schema_type: 'Article',
      schema_name: `Post ${i}`,
      schema_data: {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: `Post number ${i}`,
        image: [`${site}/images/${i}.jpg`],
        datePublished: '2026-11-01T10:00:00Z',
        dateModified: '2026-11-02T10:00:00Z',
        author: { '@type': 'Person', name: 'Ada Brook', url: `${site}/about/` },
      },
    });
    seed.meta.push({ url, title: `Post ${i}`, description: `About post ${i}`, canonical: url });
    seed.social.push({ url, og: { title: `Post ${i}`, type: 'article', url }, twitter: { card: 'summary' } });
  });
  return seed;
}
