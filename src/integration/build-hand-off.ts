// What the build middleware and the integration share. The middleware is bundled into the site's build by
// Vite while the integration runs from node_modules, so they meet through one global of the build process.

/** Told the pathname of each prerendered page as Astro renders it. */
export type PageListener = (pathname: string) => void;

/** The global the integration sets for the length of `astro build`. */
const LISTENER = Symbol.for('astro-schema-manager.page-rendered');

type WithListener = { [LISTENER]?: PageListener | undefined };

/** The listener of the build this process runs, if any. */
export function pageListener(): PageListener | undefined {
  return (globalThis as WithListener)[LISTENER];
}

/** Sets (or, with undefined, removes) the listener for this process's build. */
export function setPageListener(listener: PageListener | undefined): void {
  (globalThis as WithListener)[LISTENER] = listener;
}
