/**
 * A count with its noun in the right number: `plural(1, 'page')` is "1 page", `plural(3, 'entry', 'entries')`
 * "3 entries". Messages say "3 files", never "3 file(s)".
 */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}
