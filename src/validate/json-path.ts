// JSON paths in the form people paste into a query tool: `$["@graph"][1].author.name`.

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * Formats path segments (keys and array indexes) as a JSON path.
 * @example formatPath(['@graph', 1, 'author', 'name']) // '$["@graph"][1].author.name'
 */
export function formatPath(segments: ReadonlyArray<string | number>): string {
  let path = '$';
  for (const segment of segments) {
    if (typeof segment === 'number') path += `[${segment}]`;
    else if (identifier.test(segment)) path += `.${segment}`;
    else path += `[${JSON.stringify(segment)}]`;
  }
  return path;
}
