// The playground: a small shop-and-blog site whose head data lives in the reference server's seed.json.
// `npm run playground` starts that server and sets SCHEMA_MANAGER_API / _USER / _PASSWORD for this build.
import { defineConfig } from 'astro/config';
import schemaManager from '../src/integration/index.ts';

export default defineConfig({
  site: 'https://www.example.com',
  integrations: [
    schemaManager({
      // One seeded schema is invalid on purpose: 'warn' shows the finding and still builds.
      // Change this to 'error' (the default) to see the build fail on it.
      validate: process.env.PLAYGROUND_VALIDATE ?? 'warn',
      // One self-contained page to look at; a name ending in .json writes the same result as JSON for CI.
      report: 'schema-report.html',
    }),
  ],
});
