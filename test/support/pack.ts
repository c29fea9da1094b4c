// The package as users get it: `npm pack` of the built dist/, installed into a scratch project with npm.
import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const repoRoot = join(import.meta.dirname, '../..');

export interface PackedFile {
  path: string;
}

/** Packs the package into `dest`; returns the tarball's path and the files it holds. */
export async function packTarball(dest: string): Promise<{ tarball: string; files: PackedFile[] }> {
  // Only build when dist is missing: a rebuild would empty dist under tests running beside this one.
  if (!existsSync(join(repoRoot, 'dist/client/index.js'))) {
    await run(process.execPath, [join(repoRoot, 'scripts/build.ts')], { cwd: repoRoot });
  }
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dest], {
    cwd: repoRoot,
    maxBuffer: 64 * 1024 * 1024,
  });
  const [info] = JSON.parse(stdout) as Array<{ filename: string; files: PackedFile[] }>;
  return { tarball: join(dest, info!.filename), files: info!.files };
}

/** A scratch project with the tarball and `extra` packages (e.g. `astro@7.3.5`) installed from npm. */
export async function installPacked(dir: string, tarball: string, extra: string[] = []): Promise<void> {
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'scratch', private: true, type: 'module' }),
  );
  await run(
    'npm',
    ['install', tarball, ...extra, '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts'],
    { cwd: dir, maxBuffer: 64 * 1024 * 1024 },
  );
}

/**
 * The environment of a user's build in a scratch project: only PATH and HOME of this one, the API's address
 * and credentials, no telemetry and no colours.
 */
export function packedProjectEnv(api: string, user: { name: string; password: string }): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    SCHEMA_MANAGER_API: api,
    SCHEMA_MANAGER_USER: user.name,
    SCHEMA_MANAGER_PASSWORD: user.password,
    ASTRO_TELEMETRY_DISABLED: '1',
    NO_COLOR: '1',
  };
}
