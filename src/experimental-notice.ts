// Node and undici print a one-time "ExperimentalWarning" when a process first loads a feature this package
// chose and tests: node:sqlite on Node 22 (the build cache, the reference server), undici's SnapshotAgent
// (snapshot builds). That line would show in every user's build log about a choice that is ours, not theirs.

/** Node's notice on Node 22 when node:sqlite is first loaded. */
export const SQLITE_NOTICE = 'SQLite is an experimental feature';
/** undici's notice when a SnapshotAgent is first made. */
export const SNAPSHOT_NOTICE = 'SnapshotAgent is experimental';

/**
 * Runs `make` with the ExperimentalWarning that starts with `notice` held back; every other warning, and that
 * one outside `make`, goes through as before.
 *
 * @example const db = withoutExperimentalNotice(SQLITE_NOTICE, () => new DatabaseSync(':memory:'));
 */
export function withoutExperimentalNotice<T>(notice: string, make: () => T): T {
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message;
    if (isExperimental(warning, rest[0]) && text.startsWith(notice)) return;
    (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    return make();
  } finally {
    process.emitWarning = emitWarning;
  }
}

/** Whether a warning is of type ExperimentalWarning: as its own name, or as the type or options given with it. */
function isExperimental(warning: string | Error, typeOrOptions: unknown): boolean {
  if (typeof warning !== 'string' && warning.name === 'ExperimentalWarning') return true;
  if (typeof typeOrOptions === 'string') return typeOrOptions === 'ExperimentalWarning';
  return (
    typeof typeOrOptions === 'object' &&
    typeOrOptions !== null &&
    (typeOrOptions as { type?: unknown }).type === 'ExperimentalWarning'
  );
}
