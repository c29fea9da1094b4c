// `npm run playground`: the reference server with playground/seed.json on a free port, the playground site
// built against it, a summary, and the server stopped. `npm run playground -- --dev` serves the site with
// `astro dev` instead, until Ctrl-C.
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build, dev } from 'astro';
import { createServer, generateApplicationPassword, type SeedFile } from '../src/server/index.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const playground = join(root, 'playground');
const { values } = parseArgs({
  options: { dev: { type: 'boolean', default: false }, validate: { type: 'string' } },
});

const seed = JSON.parse(readFileSync(join(playground, 'seed.json'), 'utf8')) as SeedFile;
const password = generateApplicationPassword();
const server = createServer({
  site: 'https://www.example.com',
  seed,
  users: [{ name: 'playground', password, capabilities: ['manage_options'] }],
});
const baseUrl = await server.listen(0);
console.log(`Reference server with playground/seed.json at ${baseUrl}\n`);

// The integration reads these, as it would in a real project's CI.
process.env.SCHEMA_MANAGER_API = baseUrl;
process.env.SCHEMA_MANAGER_USER = 'playground';
process.env.SCHEMA_MANAGER_PASSWORD = password;
if (values.validate) process.env.PLAYGROUND_VALIDATE = values.validate;

if (values.dev) {
  const devServer = await dev({ root: playground });
  const stop = async () => {
    await devServer.stop();
    await server.close();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} else {
  try {
    await build({ root: playground });
    const out = relative(process.cwd(), join(playground, 'dist'));
    const files: Array<[string, string]> = [
      [`${out}/index.html`, 'Organization and WebSite JSON-LD, title, meta and Open Graph tags'],
      [
        `${out}/blog/waxing-a-jacket/index.html`,
        'BlogPosting (headline filled from {{meta_title}}) and BreadcrumbList',
      ],
      [
        relative(process.cwd(), join(playground, 'schema-report.html')),
        "every page's findings, JSON-LD and previews: open it in a browser",
      ],
    ];
    const width = Math.max(...files.map(([file]) => file.length)) + 2;
    console.log(`
Built into ${out}/. Have a look:
${files.map(([file, what]) => `  ${file.padEnd(width)}${what}`).join('\n')}
Check the built site as CI would:  npx astro-schema-manager check ${out}
See the invalid schema fail the build:  npm run playground -- --validate error`);
  } catch (error) {
    process.exitCode = 1;
    // As the astro CLI prints an integration's error: its name, the message, and the hint under "Hint:".
    const hint = error instanceof Error ? (error as { hint?: string }).hint : undefined;
    console.error(
      error instanceof Error
        ? `[astro-schema-manager] ${error.message}${hint ? `\n  Hint:\n    ${hint}` : ''}`
        : error,
    );
  } finally {
    await server.close();
  }
}
