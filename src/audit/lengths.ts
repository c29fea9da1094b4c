// How much of a title and a description a Google result shows. Google truncates by width (about 600 px for a
// title, two lines for a snippet), which is about 60 and 160 characters of ordinary text; the audit warns only
// when a text is far past that, and the previews cut at the same places.

/** Characters of a title a desktop result usually shows. */
export const TITLE_SHOWN = 60;
/** Characters of a description a desktop result usually shows. */
export const DESCRIPTION_SHOWN = 160;
/** Past these the text is far outside what Google shows: a warning. */
export const TITLE_TOO_LONG = 70;
export const DESCRIPTION_TOO_LONG = 200;

/**
 * Text cut as a result shows it: at a word boundary before `limit`, with an ellipsis.
 * @example truncateForResult('A long title that goes on', 12) // 'A long title…'
 */
export function truncateForResult(text: string, limit: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if ([...clean].length <= limit) return clean;
  const head = [...clean].slice(0, limit).join('');
  const space = head.lastIndexOf(' ');
  return `${(space > limit * 0.6 ? head.slice(0, space) : head).trimEnd()}…`;
}
