// "Did you mean …?" for a mistyped name: the closest known name, when it is close enough to be the intent.
import { closest, distance } from 'fastest-levenshtein';

/**
 * The known name nearest to `typed`, or null when none is within a third of its length (at least 2 edits);
 * failing that, the one known name that `typed` (3 letters or more) begins or is begun by: `user` for
 * `username`, as other tools spell it.
 *
 * @example suggestName('onConflit', ['onConflict', 'graph']) // 'onConflict'
 * @example suggestName('user', ['username', 'password']) // 'username'
 */
export function suggestName(typed: string, known: readonly string[]): string | null {
  if (known.length === 0) return null;
  const lower = typed.toLowerCase();
  const lowerKnown = known.map((name) => name.toLowerCase());
  const best = closest(lower, lowerKnown);
  const limit = Math.max(2, Math.floor(typed.length / 3));
  if (distance(lower, best) <= limit) return known[lowerKnown.indexOf(best)] ?? null;
  if (lower.length < 3) return null;
  const prefixed = known.filter((_, index) => {
    const name = lowerKnown[index] as string;
    return name.startsWith(lower) || lower.startsWith(name);
  });
  return prefixed.length === 1 ? (prefixed[0] as string) : null;
}
