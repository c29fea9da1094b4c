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
    else {
      let written = keys.get(segment);
      if (written === undefined) {
        written = identifier.test(segment) ? `.${segment}` : `[${JSON.stringify(segment)}]`;
        if (keys.size >= 10_000) keys.clear();
        keys.set(segment, written);
      }
      path += written;
    }
  }
  return path;
}

/** Keys as they are written in a path, remembered: documents repeat the same few hundred property names. */
const keys = new Map<string, string>();
