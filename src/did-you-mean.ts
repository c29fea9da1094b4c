// "Did you mean …?" for a mistyped name: the closest known name, when it is close enough to be the intent.
import { closest, distance } from 'fastest-levenshtein';

/**
 * The known name nearest to `typed`, or null when none is within a third of its length (at least 2 edits).
 *
 * @example suggestName('onConflit', ['onConflict', 'graph']) // 'onConflict'
 */
export function suggestName(typed: string, known: readonly string[]): string | null {
  if (known.length === 0) return null;
  const best = closest(
    typed.toLowerCase(),
    known.map((name) => name.toLowerCase()),
  );
  const limit = Math.max(2, Math.floor(typed.length / 3));
  if (distance(typed.toLowerCase(), best) > limit) return null;
  return known.find((name) => name.toLowerCase() === best) ?? null;
}
