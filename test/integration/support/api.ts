// The reference server, seeded for a fixture site, as the API a build talks to.
import { createServer, type SeedFile } from '../../../src/server/index.ts';

export const SITE = 'https://www.example.com';
export const ADMIN = { name: 'builder', password: 'Zq3x Vb7n Lm2k Pw9r Ty4u Hj6g' };
export const EDITOR = { name: 'writer', password: 'Ab1c De2f Gh3i Jk4l Mn5o Pq6r' };

export interface RunningApi {
  baseUrl: string;
  /** Environment for a build that reads everything with manage_options. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startApi(seed: SeedFile, site: string | string[] = SITE): Promise<RunningApi> {
  const server = createServer({
    site,
    seed,
    users: [
      { name: ADMIN.name, password: ADMIN.password, capabilities: ['manage_options'] },
      { name: EDITOR.name, password: EDITOR.password, capabilities: ['edit_posts'] },
    ],
  });
  const baseUrl = await server.listen(0);
  return {
    baseUrl,
    env: {
      SCHEMA_MANAGER_API: baseUrl,
      SCHEMA_MANAGER_USER: ADMIN.name,
      SCHEMA_MANAGER_PASSWORD: ADMIN.password,
    },
    close: () => server.close(),
  };
}

/** Schemas, meta and social entries for the site-basic fixture, with its pages under `prefix` (e.g. `/docs`). */
export function basicSeed(prefix = ''): SeedFile {
  const url = (path: string) => `${SITE}${prefix}${path}`;
  const article = (path: string, headline: string) => ({
    url: url(path),
    schema_type: 'Article',
    schema_name: headline,
    schema_data: {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline,
      datePublished: '2026-11-01T10:00:00Z',
      author: { '@type': 'Person', name: 'Ada Brook' },
    },
  });
  return {
    schemas: [
      {
        url: url('/'),
        schema_type: 'Organization',
        schema_name: 'Example Org',
        schema_data: {
          '@context': 'https://schema.org',
          '@type': 'Organization',
          name: 'Example Org',
          url: url('/'),
        },
      },
      article('/blog/first/', 'First post'),
      article('/blog/second/', 'Second post'),
      {
        url: url('/about/'),
        schema_type: 'AboutPage',
        schema_name: 'About',
        schema_data: { '@context': 'https://schema.org', '@type': 'AboutPage', name: 'About us' },
      },
    ],
    meta: [
      {
        url: url('/'),
        title: 'Home from the API',
        description: 'Home description from the API',
        robots: 'index, follow',
      },
      {
        url: url('/about/'),
        title: 'About from the API',
        description: 'About description from the API',
        canonical: url('/about/'),
      },
      { url: url('/blog/first/'), title: 'First post from the API', description: 'First description' },
      { url: url('/404'), title: 'Not found (API)', robots: 'noindex' },
    ],
    social: [
      {
        url: url('/about/'),
        og: { title: 'About og from the API', type: 'website', url: url('/about/') },
        twitter: { card: 'summary' },
      },
    ],
  };
}
