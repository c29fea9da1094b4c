// The one test of "is this script JSON-LD", shared by the head scanner and `check`'s extractor, so a page's
// scripts count the same everywhere. A browser and a JSON-LD processor compare the MIME type's essence:
// parameters (`; charset=utf-8`), case and surrounding whitespace do not matter.

/**
 * Whether a `<script>`'s `type` attribute marks JSON-LD.
 * @example isJsonLdType('application/ld+json; charset=utf-8') // true
 */
export function isJsonLdType(type: string | null | undefined): boolean {
  if (type == null) return false;
  const semicolon = type.indexOf(';');
  const essence = (semicolon === -1 ? type : type.slice(0, semicolon)).trim().toLowerCase();
  return essence === 'application/ld+json';
}
