import { readFileSync } from 'node:fs';

let cached: string | undefined;

/** `astro-schema-manager/<version>`, so CMS logs and firewalls can tell build traffic apart. */
export function userAgent(): string {
  if (!cached) {
    let version = '';
    try {
      const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
        version: string;
      };
      version = `/${pkg.version}`;
    } catch {
      // Bundled into a server build, the module no longer sits beside package.json.
    }
    cached = `astro-schema-manager${version} (+https://www.npmjs.com/package/astro-schema-manager)`;
  }
  return cached;
}
