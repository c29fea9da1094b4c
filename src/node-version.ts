// The oldest Node.js this package runs on. Checked before anything else of it loads: on an older Node, undici
// and node:sqlite fail deep in their own code instead of saying why.

/** Major and minor of the oldest Node.js supported (package.json's engines says the same). */
export const REQUIRED_NODE = [22, 19] as const;

/**
 * Why this Node.js cannot run the package, in one line; null when it can.
 *
 * @example nodeVersionProblem('20.20.2') // 'astro-schema-manager needs Node.js >= 22.19; this is 20.20.2. …'
 */
export function nodeVersionProblem(version: string = process.versions.node): string | null {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const [needMajor, needMinor] = REQUIRED_NODE;
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return null;
  return `astro-schema-manager needs Node.js >= ${REQUIRED_NODE.join('.')}; this is ${version}. Install a newer Node.js (24 LTS is tested).`;
}
