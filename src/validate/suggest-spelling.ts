// "Did you mean …?" for a mistyped type or property: the closest real name by edit distance, types for
// `@type` and properties for keys, so "BlogPost" suggests the type BlogPosting and not the property blogPost.
// The names are indexed once per list (by length, and sorted for prefixes), so a search only measures the
// names within reach: a document of thousands of unknown keys must not cost seconds.

interface Candidate {
  name: string;
  lower: string;
  /** Its place in the list: among equally close names, the first listed wins. */
  order: number;
  letters: Uint8Array;
}

/** How often each letter comes in a name (digits and other characters folded into a few slots). */
function lettersOf(lower: string): Uint8Array {
  const counts = new Uint8Array(32);
  for (let i = 0; i < lower.length; i++) {
    const code = lower.charCodeAt(i);
    const slot = code >= 97 && code <= 122 ? code - 97 : code >= 48 && code <= 57 ? 26 : 27 + (code % 5);
    counts[slot] = Math.min(255, counts[slot]! + 1);
  }
  return counts;
}

/**
 * A lower bound of the edit distance between two names from their letters: an insertion or a deletion changes
 * the counts by one, a substitution by two, a swap not at all. Most names are ruled out by it alone.
 */
function lettersApart(a: Uint8Array, b: Uint8Array): number {
  let apart = 0;
  for (let slot = 0; slot < 32; slot++) apart += Math.abs(a[slot]! - b[slot]!);
  return Math.ceil(apart / 2);
}

interface NameIndex {
  byLength: Candidate[][];
  /** Sorted by `lower`, for the names a written one begins. */
  sorted: Candidate[];
}

const indexes = new WeakMap<readonly string[], NameIndex>();

function indexOf(names: readonly string[]): NameIndex {
  let index = indexes.get(names);
  if (!index) {
    const candidates = names.map((name, order) => {
      const lower = name.toLowerCase();
      return { name, lower, order, letters: lettersOf(lower) };
    });
    const byLength: Candidate[][] = [];
    for (const candidate of candidates) {
      const bucket = byLength[candidate.lower.length];
      if (bucket) bucket.push(candidate);
      else byLength[candidate.lower.length] = [candidate];
    }
    const sorted = candidates.toSorted((a, b) =>
      a.lower < b.lower ? -1 : a.lower > b.lower ? 1 : a.order - b.order,
    );
    index = { byLength, sorted };
    indexes.set(names, index);
  }
  return index;
}

/**
 * The closest name to `written`, or null when none is close enough.
 * @example closestName('Organisation', ['Organization', 'Person']) // 'Organization'
 */
export function closestName(written: string, names: readonly string[]): string | null {
  const { byLength, sorted } = indexOf(names);
  const wanted = written.toLowerCase();
  // Up to one edit in four letters (at least one, at most three): "Artcle" and "datePublishd" are one away.
  const limit = Math.min(3, Math.max(1, Math.floor(wanted.length / 4)));
  const letters = lettersOf(wanted);
  let best: Candidate | null = null;
  let bestDistance = limit + 1;
  // Only names whose length is within `limit` of the written one's can be within `limit` edits of it.
  for (let length = Math.max(0, wanted.length - limit); length <= wanted.length + limit; length++) {
    for (const candidate of byLength[length] ?? []) {
      if (candidate.lower === wanted) return candidate.name;
      if (Math.abs(length - wanted.length) > bestDistance) continue;
      if (lettersApart(letters, candidate.letters) > bestDistance) continue;
      // One more than the best so far: a tie is measured too, and the first listed of the tied names wins.
      const distance = editDistance(wanted, candidate.lower, bestDistance + 1);
      if (distance < bestDistance || (distance === bestDistance && best && candidate.order < best.order)) {
        bestDistance = distance;
        best = candidate;
      }
    }
  }
  if (best) return best.name;
  // A name the written one starts ("BlogPost" for BlogPosting): the shortest such is the likely one.
  if (wanted.length < 4) return null;
  let prefixed: Candidate | null = null;
  for (let at = firstNotBefore(sorted, wanted); at < sorted.length; at++) {
    const candidate = sorted[at] as Candidate;
    if (!candidate.lower.startsWith(wanted)) break;
    if (
      !prefixed ||
      candidate.name.length < prefixed.name.length ||
      (candidate.name.length === prefixed.name.length && candidate.order < prefixed.order)
    )
      prefixed = candidate;
  }
  return prefixed?.name ?? null;
}

/** The first place in `sorted` whose name is not before `lower`. */
function firstNotBefore(sorted: Candidate[], lower: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as Candidate).lower < lower) low = middle + 1;
    else high = middle;
  }
  return low;
}

// Three rows, reused: a search measures hundreds of names.
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * Optimal string alignment distance (insertions, deletions, substitutions, adjacent swaps), giving up with
 * `bound` once the distance cannot be below it.
 */
export function editDistance(a: string, b: string, bound = Number.POSITIVE_INFINITY): number {
  const width = b.length + 1;
  if (rows[0]!.length < width) rows = [new Int32Array(width), new Int32Array(width), new Int32Array(width)];
  let [before, previous, current] = rows as [Int32Array, Int32Array, Int32Array]; // rows i-2, i-1, i
  for (let j = 0; j < width; j++) previous[j] = j;
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
