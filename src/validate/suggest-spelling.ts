// "Did you mean …?" for a mistyped type or property: the closest real name by edit distance, types for
// `@type` and properties for keys, so "BlogPost" suggests the type BlogPosting and not the property blogPost.
// Only unknown terms get here, so a linear scan over the names is cheap enough.

/**
 * The closest name to `written`, or null when none is close enough.
 * @example closestName('Organisation', ['Organization', 'Person']) // 'Organization'
 */
export function closestName(written: string, names: Iterable<string>): string | null {
  const wanted = written.toLowerCase();
  // Up to one edit in four letters (at least one, at most three): "Artcle" and "datePublishd" are one away.
  const limit = Math.min(3, Math.max(1, Math.floor(wanted.length / 4)));
  let best: string | null = null;
  let bestDistance = limit + 1;
  let prefixed: string | null = null;
  for (const name of names) {
    const lower = name.toLowerCase();
    if (lower === wanted) return name;
    // A name the written one starts ("BlogPost" for BlogPosting): the shortest such is the likely one.
    if (wanted.length >= 4 && lower.startsWith(wanted) && (!prefixed || name.length < prefixed.length))
      prefixed = name;
    if (Math.abs(lower.length - wanted.length) >= bestDistance) continue;
    const distance = editDistance(wanted, lower, bestDistance);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = name;
    }
  }
  return best ?? prefixed;
}

/**
 * Optimal string alignment distance (insertions, deletions, substitutions, adjacent swaps), giving up with
 * `bound` once the distance cannot be below it.
 */
export function editDistance(a: string, b: string, bound = Number.POSITIVE_INFINITY): number {
  const width = b.length + 1;
  let before = new Int32Array(width); // row i-2
  let previous = Int32Array.from({ length: width }, (_, j) => j); // row i-1
  let current = new Int32Array(width);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin >= bound) return bound;
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length]!;
}
