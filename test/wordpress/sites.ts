// The WordPress sites `npm run test:wordpress` started (scripts/wordpress/environment.ts).
import { readFileSync } from 'node:fs';
import type { MultisiteNetwork, QuirkSites, WordPressSite } from '../../scripts/wordpress/environment.ts';

export type { WordPressSite };

function load(): {
  timeZone: string;
  sites: WordPressSite[];
  plainHttpProduction: WordPressSite;
  quirks: QuirkSites;
  multisite: MultisiteNetwork;
} {
  const file = process.env.SCHEMAFY_WORDPRESS;
  if (!file) throw new Error('No WordPress running: run this suite with `npm run test:wordpress`.');
  return JSON.parse(readFileSync(file, 'utf8'));
}

export const { timeZone, sites, plainHttpProduction, quirks, multisite } = load();

/** The base URL each site's tests give the client: one of every form WordPress sites are reached by. */
export const apiFormOf: Record<WordPressSite['kind'], (origin: string) => string> = {
  // The bare site address: the REST root is discovered.
  pretty: (origin) => origin,
  // The pretty form on a plain-permalink site: answered with HTML, so the client falls back.
  'plain-front-controller': (origin) => `${origin}/wp-json/schemafy/v1`,
  // The form WordPress advertises under plain permalinks.
  'plain-no-rewrite': (origin) => `${origin}/index.php?rest_route=/schemafy/v1`,
};

export const BASE_URL_FORMS = [
  (origin: string) => `${origin}/wp-json/schemafy/v1`,
  (origin: string) => `${origin}/?rest_route=/schemafy/v1`,
  (origin: string) => `${origin}/index.php?rest_route=/schemafy/v1`,
  (origin: string) => origin,
];
