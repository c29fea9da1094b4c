// One finding standing in many places (a theme's layout on every page, a CMS template in every record) is said
// once, naming how many: the build's log, `check`, `validate` and `push` group their findings with this.

export interface RepeatedGroup<T, P> {
  /** The items that share a key, in the order given; the first stands for them all. */
  members: T[];
  /** The distinct places they stand in (compared by identity), in order of first appearance. */
  places: P[];
}

/**
 * Items grouped by `keyOf`, in the order of each key's first item, with the places each group stands in.
 *
 * @example groupRepeated(findings, (f) => f.message, (f) => f.page).filter((g) => g.places.length >= 3)
 */
export function groupRepeated<T, P>(
  items: Iterable<T>,
  keyOf: (item: T) => string,
  placeOf: (item: T) => P,
): Array<RepeatedGroup<T, P>> {
  const groups = new Map<string, RepeatedGroup<T, P> & { seen: Set<P> }>();
  for (const item of items) {
    const key = keyOf(item);
    let group = groups.get(key);
    if (group === undefined) {
      group = { members: [], places: [], seen: new Set() };
      groups.set(key, group);
    }
    group.members.push(item);
    const place = placeOf(item);
    if (!group.seen.has(place)) {
      group.seen.add(place);
      group.places.push(place);
    }
  }
  return [...groups.values()].map(({ members, places }) => ({ members, places }));
}
