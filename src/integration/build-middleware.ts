// Astro middleware for `astro build`: says which prerendered page Astro is rendering, so the integration can
// stage the pages already on disk while Astro renders the rest. The response passes through untouched: the
// page Astro writes (and caches) is its own, and the head is written from disk, as the build pass does.
import type { MiddlewareHandler } from 'astro';
import { pageListener } from './build-hand-off.ts';

export const onRequest: MiddlewareHandler = (context, next) => {
  if (context.isPrerendered) pageListener()?.(context.url.pathname);
  return next();
};
