/**
 * Conflict keys: which tags say the same thing. A page tag and a written tag with the same key
 * cannot both stay (one title, one description, one canonical, one og:title...).
 */

const META_NAMES = new Set(['description', 'robots', 'keywords']);
// Synonyms that say the same as the tag they name.
const ALIASES: Record<string, string> = {
  'property:og:image:url': 'property:og:image',
  'property:og:video:url': 'property:og:video',
  'property:og:audio:url': 'property:og:audio',
  'name:twitter:image:src': 'name:twitter:image',
};
// Structured properties describe their parent: a replaced og:image takes its old width and alt along.
const FAMILIES = ['property:og:image', 'property:og:video', 'property:og:audio', 'name:twitter:image'];
// Tags that repeat another one: `<meta name="title">` (Astro's blog starter writes it beside <title>) goes with
// the page's <title> when the API's replaces it, rather than staying behind with the old title.
const REPEATS: Record<string, string> = { 'name:title': 'title' };

/**
 * The key of a `<meta>` from its attributes (lower-cased names), or null for one that no written tag
 * can conflict with. og:* is keyed as a property and twitter:* as a name whichever attribute the page
 * used, since readers accept both.
 *
 * @example metaKey(new Map([['name', 'Description']])) // 'meta:description'
 */
export function metaKey(attrs: ReadonlyMap<string, string>): string | null {
  if (attrs.has('charset')) return 'meta:charset';
  const property = attrs.get('property');
  const name = attrs.get('name');
  const raw = (property ?? name)?.trim().toLowerCase();
  if (!raw) {
    const equiv = attrs.get('http-equiv')?.trim().toLowerCase();
    return equiv ? `http-equiv:${equiv}` : null;
  }
  let key: string;
  if (raw.startsWith('og:')) key = `property:${raw}`;
  else if (raw.startsWith('twitter:')) key = `name:${raw}`;
  else if (META_NAMES.has(raw)) key = `meta:${raw}`;
  else key = property === undefined ? `name:${raw}` : `property:${raw}`;
  return ALIASES[key] ?? key;
}

/**
 * The key of a `<link>`: 'link:canonical' when its rel has the canonical token.
 *
 * @example linkKey(new Map([['rel', 'Canonical']])) // 'link:canonical'
 */
export function linkKey(attrs: ReadonlyMap<string, string>): string | null {
  return relTokens(attrs).includes('canonical') ? 'link:canonical' : null;
}

/** The link types of a `<link>`'s rel, lower-cased: `rel="Alternate  stylesheet"` → ['alternate', 'stylesheet']. */
export function relTokens(attrs: ReadonlyMap<string, string>): string[] {
  return (
    attrs
      .get('rel')
      ?.toLowerCase()
      .split(/[\t\n\f\r ]+/) ?? []
  );
}

/**
 * The key a tag belongs to: a structured property's parent ('property:og:image:width' → 'property:og:image'),
 * or the tag another one repeats ('name:title' → 'title').
 */
export function familyOf(key: string): string | null {
  const repeated = REPEATS[key];
  if (repeated) return repeated;
  for (const family of FAMILIES) if (key.startsWith(`${family}:`)) return family;
  return null;
}

/** Whether a tag with key `key` clashes with one of `keys` (same key, or `keys` has its parent). */
export function clashes(key: string, keys: ReadonlySet<string>): boolean {
  if (keys.has(key)) return true;
  const family = familyOf(key);
  return family !== null && keys.has(family);
}
