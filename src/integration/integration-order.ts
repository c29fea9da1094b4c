// Where this package stands among the site's integrations. Astro runs each astro:build:done hook in the order
// integrations are listed, and the site audit reads the sitemap files there: @astrojs/sitemap writes them in
// its own hook, so listed after this package its sitemap does not exist yet when the audit looks.

const SITEMAP = '@astrojs/sitemap';

/**
 * Why the audit cannot see the site's sitemap, with the fix; null when it can.
 * @example sitemapOrderProblem(['astro-schema-manager', '@astrojs/sitemap'], 'astro-schema-manager') // '@astrojs/sitemap is listed after …'
 */
export function sitemapOrderProblem(names: readonly string[], own: string): string | null {
  const at = names.indexOf(own);
  const sitemap = names.indexOf(SITEMAP);
  if (at === -1 || sitemap < at) return null;
  return `${SITEMAP} is listed after ${own}, so it writes the sitemap after the site audit has run: the audit cannot compare the sitemap with the pages (noindex pages listed, addresses without a page). List schemaManager() after sitemap() in integrations.`;
}

/**
 * Why the package cannot run as listed when it is listed more than once; null when once. The instances share
 * what the request-time pass reads (the config, the logger, the page being rendered), so the last one's options
 * would serve both, each page would be fetched and rewritten twice, and astro dev would write its inspection twice.
 * @example listedTwiceProblem(['astro-schema-manager', 'astro-schema-manager'], 'astro-schema-manager') // 'schemaManager() is listed 2 times …'
 */
export function listedTwiceProblem(names: readonly string[], own: string): string | null {
  const times = names.filter((name) => name === own).length;
  if (times < 2) return null;
  return `schemaManager() is listed ${times} times in integrations (${own} runs once per site).`;
}
