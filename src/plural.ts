/**
 * A count with its noun in the right number: `plural(1, 'page')` is "1 page", `plural(3, 'entry', 'entries')`
 * "3 entries". Messages say "3 files", never "3 file(s)".
 */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${figure(count)} ${count === 1 ? one : many}`;
}

/** A count as messages write it, with thousands separated: "11,000". */
export function figure(count: number): string {
  return count.toLocaleString('en-US');
}
