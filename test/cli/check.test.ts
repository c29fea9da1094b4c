import { execFile, execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { runCli, runCliIn } from './support/run-cli.ts';
import { hasScript } from './support/terminal.ts';

const site = 'test/fixtures/validate/site';

const check = (...args: string[]) => runCli('check', ...args);

let temp: string;
beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), 'check-'));
});
afterAll(async () => {
  await rm(temp, { recursive: true, force: true });
});

describe('astro-schema-manager check', () => {
  it('reports a directory of HTML and .jsonld files grouped by page, and exits 1 on errors', async () => {
    const { code, stdout } = await check(site);
    expect(code).toBe(1);
    expect(stdout).toContain(`${site}/blog/post.html`);
    expect(stdout).toMatch(/error\s+\$\.datePublished .*invalid-value \(schema\.org\) 5:36 script 2/);
    expect(stdout).toMatch(/json-parse-error .* 7:20 script 3/);
    expect(stdout).not.toContain('node_modules');
    expect(stdout).toContain('4 files, 5 JSON-LD documents, 1 without JSON-LD: 2 errors');
  });

  it('shows control characters from a page and its file name, never sends them to the terminal', async () => {
    // A folder of its own: a test below needs temp without pages.
    const folder = await mkdtemp(join(tmpdir(), 'check-controls-'));
    onTestFinished(() => rm(folder, { recursive: true, force: true }));
    const name = join(folder, 'odd\u001b[2Jname\n.html');
    const key = 'x\u001b]0;pwned\u0007y';
    await writeFile(
      name,
      `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Thing","${key.replace(/\u001b/g, '\\u001b').replace(/\u0007/g, '\\u0007')}":1}</script>`,
    );
    const { stdout } = await check(name);
    expect(stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(stdout).toContain('odd\\x1b[2Jname\\n.html');
    expect(stdout).toContain('x\\x1b]0;pwned\\x07y');
  });

  it('exits 0 when nothing reaches --fail-on', async () => {
    const { code } = await check(`${site}/index.html`, `${site}/data.jsonld`, '--rules', 'google');
    expect(code).toBe(0);
  });

  it("takes the build's severity option as --severity code=level, so a lowered code fails nothing", async () => {
    const lowered = await check(
      site,
      '--severity',
      'invalid-value=warning',
      '--severity',
      'json-parse-error=off,unknown-context=info',
    );
    expect(lowered.stdout).toMatch(/warning\s+\$\.datePublished .*invalid-value/);
    expect(lowered.stdout).not.toContain('json-parse-error');
    expect(lowered.stdout).toContain('0 errors');
    expect(lowered.code).toBe(0);
    const typo = await check(site, '--severity', 'invalid_value=warning');
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('"invalid_value" is not a finding code; did you mean "invalid-value"?');
    const level = await check(site, '--severity', 'invalid-value=warn');
    expect(level.code).toBe(2);
    expect(level.stderr).toContain('the level is error, warning, info or off; got "warn"');
  });

  it('exits 1 on an info issue with --fail-on info', async () => {
    const { code, stdout } = await check(`${site}/index.html`, '--rules', 'google', '--fail-on', 'info');
    expect(code).toBe(1);
    expect(stdout).toContain('google-deprecated-rich-result (google:sitelinks-search-box)');
  });

  it('says so when no page of a site has JSON-LD: a green check of nothing', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'check-none-'));
    onTestFinished(() => rm(folder, { recursive: true, force: true }));
    for (const name of ['index.html', 'about.html'])
      await writeFile(join(folder, name), '<!doctype html><title>Plain</title><p>No schema here.</p>');
    const { code, stdout, stderr } = await check(folder, '--no-audit');
    expect(code).toBe(0);
    expect(stdout).toContain('2 files, 0 JSON-LD documents, 2 without JSON-LD');
    expect(stderr).toContain(
      'Note: none of the 2 pages has JSON-LD, so there was nothing to validate. If the site',
    );
    // One page with JSON-LD among them: nothing to say.
    await writeFile(
      join(folder, 'post.html'),
      '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Thing","name":"A"}</script>',
    );
    expect((await check(folder, '--no-audit')).stderr).not.toContain('Note: none');
  });

  it("validates with the build's rules unless --rules schema.org names the vocabulary alone", async () => {
    // A Product offered for sale without an image: valid Schema.org, refused by Google's merchant listings,
    // and so by a build with its default rules.
    const folder = await mkdtemp(join(tmpdir(), 'check-rules-'));
    onTestFinished(() => rm(folder, { recursive: true, force: true }));
    const page = join(folder, 'product.html');
    await writeFile(
      page,
      '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Mug","offers":{"@type":"Offer","price":"9.50","priceCurrency":"EUR"}}</script>',
    );
    const byDefault = await check(page, '--no-audit');
    expect(byDefault.code).toBe(1);
    expect(byDefault.stdout).toMatch(
      /error\s+\$\.image .*google-missing-required \(google:merchant-listing\)/,
    );
    const vocabulary = await check(page, '--no-audit', '--rules', 'schema.org');
    expect(vocabulary.code).toBe(0);
    expect(vocabulary.stdout).not.toContain('google');
    expect((await check(page, '--rules', 'bing')).stderr).toContain(
      '--rules accepts schema.org (the vocabulary alone) or google',
    );
  });

  it('writes GitHub workflow annotations', async () => {
    const { code, stdout } = await check(site, '--rules', 'schema.org', '--format', 'github');
    expect(code).toBe(1);
    expect(stdout.trim().split('\n')).toEqual([
      // The fixture's pages name no address: the audit is skipped, and the log says so where it is read.
      expect.stringMatching(/^::warning title=check::Site audit of test\/fixtures\/validate\/site skipped/),
      expect.stringMatching(
        /^::error file=test\/fixtures\/validate\/site\/blog\/post\.html,line=5,col=36,title=invalid-value::\$\.datePublished: /,
      ),
      expect.stringMatching(
        /^::error file=.*post\.html,line=7,col=20,title=json-parse-error::\$: .*line 7, column 20/,
      ),
      // What each page says on its own needs no address: the fixture's pages lack titles and descriptions.
      expect.stringMatching(/^::warning file=.*post\.html,title=description-missing::meta description: /),
      expect.stringMatching(/^::warning file=.*post\.html,title=title-missing::<title>: /),
      expect.stringMatching(/^::warning file=.*site\/index\.html,title=description-missing::/),
      expect.stringMatching(/^::warning file=.*plain\.html,title=description-missing::/),
      '4 files, 5 JSON-LD documents, 1 without JSON-LD: 2 errors, 4 warnings, 0 info.',
    ]);
  });

  it('writes JSON with a summary', async () => {
    const { code, stdout } = await check(site, '--rules', 'schema.org', '--format', 'json');
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    expect(report.summary).toEqual({
      files: 4,
      fragments: 0,
      failures: 0,
      documents: 5,
      errors: 2,
      warnings: 4,
      infos: 0,
      notBuilt: 0,
    });
    const post = report.files.find((file: { file: string }) => file.file.endsWith('post.html'));
    expect(post.documents[1].issues[0]).toMatchObject({ code: 'invalid-value', path: '$.datePublished' });
  });

  it('writes a JUnit file CI servers read', async () => {
    const output = join(temp, 'report.xml');
    const { code, stdout } = await check(site, '--format', 'junit', '--output', output);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    const xml = await readFile(output, 'utf8');
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="astro-schema-manager check" tests="5" failures="2">/,
    );
    expect(xml).toContain('<failure type="invalid-value" message="$.datePublished: ');
  });

  it('exits 2 on a usage error, a missing path, or nothing to check', async () => {
    expect((await check()).code).toBe(2);
    expect((await check(site, '--format', 'xml')).code).toBe(2);
    const missing = await check(join(temp, 'nope'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('does not exist');
    const empty = await check(temp);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('No .html, .htm or .jsonld files found');
    // A file named on its own that is neither HTML nor JSON-LD is not "checked" as holding nothing.
    const text = join(temp, 'notes.txt');
    await writeFile(text, 'not a page');
    const notPage = await check(text);
    expect(notPage.code).toBe(2);
    expect(notPage.stderr).toContain('is neither HTML (.html, .htm) nor JSON-LD (.jsonld, .json)');
  });

  it('asked to check nothing in an Astro project, names the build to check', async () => {
    const project = join(temp, 'astro-project');
    await mkdir(project, { recursive: true });
    await writeFile(join(project, 'astro.config.ts'), 'export default {};\n');
    const run = await runCliIn(project, 'check');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'Name at least one directory, .html or .jsonld file to check (beside astro.config.ts: check dist, or the outDir it sets, after astro build).',
    );
    expect((await check()).stderr).toContain(
      'Name at least one directory, .html or .jsonld file to check.\n',
    );
  });

  it('reads a .json file named on its own as a JSON-LD document', async () => {
    const event = join(temp, 'event.json');
    await writeFile(
      event,
      JSON.stringify({
        '@context': 'https://schema.org',
        '@type': 'Event',
        name: 'Launch',
        startDate: 'tomorrow',
      }),
    );
    const { code, stdout } = await check(event, '--format', 'json');
    expect(code).toBe(1);
    expect(stdout).toContain('"path": "$.startDate"');
    await rm(event);
  });

  it('warns about a placeholder a page published unfilled, naming its field; --fail-on warning fails CI', async () => {
    const page = join(temp, 'placeholder.html');
    const article = {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: '{{meta_title}}',
      author: { '@type': 'Person', name: '{{ author.name }}' },
    };
    await writeFile(
      page,
      `<html><head><title>Placeholder</title><meta name="description" content="A page."><script type="application/ld+json">${JSON.stringify(article)}</script></head></html>`,
    );
    expect((await check(page)).code).toBe(0);
    const { code, stdout } = await check(
      page,
      '--rules',
      'schema.org',
      '--fail-on',
      'warning',
      '--format',
      'github',
    );
    expect(code).toBe(1);
    expect(stdout.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^::warning file=.*placeholder\.html,.*title=unfilled-placeholder::\$\.headline: "headline" holds \{\{meta_title\}\}/,
      ),
      expect.stringMatching(
        /title=unfilled-placeholder::\$\.author\.name: "name" is "\{\{ author\.name \}\}", a template expression/,
      ),
      '1 file, 1 JSON-LD document: 0 errors, 2 warnings, 0 info.',
    ]);
  });

  it('reads a page in the encoding it gives: UTF-16 with its byte order mark, windows-1252 by its meta charset or when it names none and is not UTF-8', async () => {
    const dir = join(temp, 'encodings');
    await mkdir(dir, { recursive: true });
    // The value is no date, so the message quotes it: as decoded.
    const script = (value: string) =>
      `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Person","birthDate":"${value}"}</script>`;
    // Saved by a Windows tool: UTF-16, little-endian, with its mark.
    const utf16 = `<!doctype html><html><head><title>Ü</title>${script('Jürgen')}</head></html>`;
    await writeFile(
      join(dir, 'utf16.html'),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(utf16, 'utf16le')]),
    );
    const legacy = `<!doctype html><html><head><meta charset="windows-1252"><title>M\u00fcller</title>${script('M\u00fcller')}</head></html>`;
    await writeFile(join(dir, 'legacy.html'), Buffer.from(legacy, 'latin1'));
    // Naming no encoding, and not UTF-8: windows-1252, as browsers read it.
    const unnamed = `<!doctype html><html><head><title>B\u00e9b\u00e9</title>${script('B\u00e9b\u00e9')}</head></html>`;
    await writeFile(join(dir, 'unnamed.html'), Buffer.from(unnamed, 'latin1'));
    const { code, stdout } = await check(dir, '--format', 'json', '--no-audit');
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    // The pages' JSON-LD is read and checked (the UTF-16 page was a page without JSON-LD, passing).
    expect(report.summary).toMatchObject({ files: 3, documents: 3, errors: 3 });
    const messages = report.files.flatMap(
      (file: { documents: Array<{ issues: Array<{ message: string }> }> }) =>
        file.documents.flatMap((document) => document.issues.map((issue) => issue.message)),
    );
    expect(messages.sort()).toEqual([
      expect.stringContaining('found "Bébé"'),
      expect.stringContaining('found "Jürgen"'),
      expect.stringContaining('found "Müller"'),
    ]);
  });

  it('says a skipped site audit on stderr, in the JSON and as an annotation, where a CI reads it', async () => {
    // Pages that name no address of their own (VitePress's and plain Eleventy's defaults), and no sitemap.
    const dir = join(temp, 'nameless');
    await mkdir(dir, { recursive: true });
    for (const page of ['index', 'about'])
      await writeFile(
        join(dir, `${page}.html`),
        `<html><head><title>${page}</title><meta property="og:image" content="/missing.png"></head></html>`,
      );
    const skipped =
      /^Site audit of .*nameless skipped: no page of it names its own address .*pass --site <url> to audit it/;
    const pretty = await check(dir);
    expect(pretty.code).toBe(0);
    expect(pretty.stderr).toMatch(new RegExp(skipped.source, 'm'));
    const json = await check(dir, '--format', 'json');
    expect(JSON.parse(json.stdout).notes).toEqual([expect.stringMatching(skipped)]);
    const github = await check(dir, '--format', 'github');
    expect(github.stdout.split('\n')[0]).toMatch(/^::warning title=check::Site audit of .*nameless skipped/);
    // Given the address, the audit runs and finds the missing image.
    const audited = await check(dir, '--site', 'https://n.example.com/', '--format', 'json');
    expect(JSON.parse(audited.stdout).notes).toBeUndefined();
    expect(audited.stdout).toContain('image-not-built');
    expect(audited.code).toBe(1);
    // Run in an Astro project, the note names where its address is written.
    const project = join(temp, 'nameless-project');
    await mkdir(project);
    await writeFile(join(project, 'astro.config.mjs'), 'export default {};\n');
    const beside = await runCliIn(project, 'check', dir);
    expect(beside.stderr).toMatch(/pass --site <url> \(the site of astro\.config\.mjs\) to audit it/);
  });

  it('prints a finding a layout repeats on many pages once, naming how many, in the report and the annotations', async () => {
    // Five pages share a template's missing field and bad date; one page has a problem of its own.
    const dir = join(temp, 'repeated');
    for (let page = 1; page <= 5; page++) {
      const article = {
        '@context': 'https://schema.org',
        '@type': 'Article',
        '@id': `https://x.com/p${page}/#article`,
        headline: `Post ${page}`,
        datePublished: page === 5 ? 'soon' : 'yesterday',
        author: { '@type': 'Person', name: 'A', url: 'https://x.com/a' },
      };
      await mkdir(join(dir, `p${page}`), { recursive: true });
      await writeFile(
        join(dir, `p${page}`, 'index.html'),
        `<html><head><script type="application/ld+json">${JSON.stringify(article)}</script></head></html>`,
      );
    }
    const pretty = await check(dir, '--rules', 'google', '--no-audit');
    expect(pretty.code).toBe(1);
    const lines = pretty.stdout.trim().split('\n');
    // p5's own finding stays under p5; the four bad dates and the five missing images are one line each.
    expect(lines.filter((line) => line.includes('found "yesterday"'))).toEqual([
      expect.stringMatching(
        /^ {2}error {3}\$\.datePublished {2}.*invalid-value \(schema\.org\) on 4 files: .*p1\/index\.html, .*p2\/index\.html, .*p3\/index\.html and 1 more$/,
      ),
    ]);
    expect(lines.filter((line) => line.includes('recommends "image"'))).toEqual([
      expect.stringMatching(/google-missing-recommended \(google:article\) on 5 files: .* and 2 more$/),
    ]);
    const at = (text: string) => lines.findIndex((line) => line.includes(text));
    expect(lines[at('found "soon"') - 1]).toMatch(/p5\/index\.html$/);
    expect(at('found "soon"')).toBeLessThan(at('Across pages'));
    expect(at('Across pages')).toBeLessThan(at('found "yesterday"'));
    expect(lines.at(-1)).toBe('5 files, 5 JSON-LD documents: 5 errors, 5 warnings, 0 info.');

    const github = await check(dir, '--rules', 'google', '--no-audit', '--format', 'github');
    expect(github.stdout.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^::error file=.*p1\/index\.html,line=1,col=\d+,title=invalid-value::\$\.datePublished: .*"yesterday"\. \[schema\.org, on 4 files: .* and 1 more\]$/,
      ),
      expect.stringMatching(
        /^::warning file=.*p1\/index\.html,.*\[google:article, on 5 files: .* and 2 more\]$/,
      ),
      expect.stringMatching(/^::error file=.*p5\/index\.html,.*found "soon"\. \[schema\.org\]$/),
      '5 files, 5 JSON-LD documents: 5 errors, 5 warnings, 0 info.',
    ]);
  });
});

it.skipIf(!hasScript)('colours the report on a terminal only, and never with NO_COLOR or TERM=dumb', () => {
  // util-linux script gives the command a terminal; what it printed comes back on script's stdout.
  const onTerminal = (env: Record<string, string>) => {
    // Not CI either: Node leaves colours off under an unnamed CI, as a log is no terminal.
    const command = ['env', '-u', 'NO_COLOR', '-u', 'CI', ...Object.entries(env).map(([k, v]) => `${k}=${v}`)]
      .concat([process.execPath, 'dist/cli/main.js', 'check', site])
      .map((word) => `'${word}'`)
      .join(' ');
    try {
      return execFileSync('script', ['-qec', command, '/dev/null'], { encoding: 'utf8' });
    } catch (error) {
      return (error as { stdout: string }).stdout; // exit 1: the site has errors
    }
  };
  const coloured = onTerminal({ TERM: 'xterm-256color' });
  expect(coloured).toContain('\u001b[31merror  \u001b[39m');
  expect(coloured).toContain(`\u001b[1m${site}/blog/post.html\u001b[22m`);
  const plainOnes: Array<Record<string, string>> = [
    { TERM: 'xterm-256color', NO_COLOR: '1' },
    { TERM: 'dumb' },
  ];
  for (const env of plainOnes) {
    const plain = onTerminal(env);
    expect(plain, JSON.stringify(env)).toMatch(/error {3}\$\.datePublished/);
    expect(plain, JSON.stringify(env)).not.toContain('\u001b[');
  }
});

describe('astro-schema-manager check, a page as one graph', () => {
  it('resolves an @id one script defines for another, and still warns about one nobody defines', async () => {
    const page = join(temp, 'graph.html');
    const org = {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': 'https://x.com/#org',
      name: 'X',
    };
    const site = {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: 'X',
      publisher: { '@id': 'https://x.com/#org' },
    };
    const page2 = {
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      name: 'Y',
      author: { '@id': 'https://x.com/#nobody' },
    };
    const script = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
    await writeFile(
      page,
      `<html><head>${script(org)}${script(site)}${script(page2)}</head><body></body></html>`,
    );
    const { code, stdout } = await check(page, '--format', 'json');
    expect(code).toBe(0);
    const issues = JSON.stringify(JSON.parse(stdout));
    expect(issues).not.toContain('#org');
    expect(issues).toContain('#nobody');
    expect(issues).toContain('"$.author"');
  });

  it('validates a node split over two scripts by its @id as one, each finding on its own script', async () => {
    const page = join(temp, 'split.html');
    const article = {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      '@id': 'https://x.com/post#article',
      headline: 'Hello',
    };
    const rest = {
      '@context': 'https://schema.org',
      '@id': 'https://x.com/post#article',
      datePublished: 'yesterday',
      author: { '@type': 'Person', name: 'Ann', url: 'https://x.com/ann' },
      image: 'https://x.com/a.png',
    };
    const script = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
    await writeFile(page, `<html><head>${script(article)}</head><body>${script(rest)}</body></html>`);
    const { code, stdout } = await check(page, '--format', 'json');
    expect(code).toBe(1);
    const [file] = JSON.parse(stdout).files;
    expect(
      file.documents.map((document: { index: number; issues: Array<{ code: string; path: string }> }) => [
        document.index,
        document.issues.map((issue) => `${issue.code} ${issue.path}`),
      ]),
    ).toEqual([
      [0, []],
      [1, ['invalid-value $.datePublished']],
    ]);
  });

  it('names a file it cannot check, exits 2, and checks the others', async () => {
    const dir = await mkdtemp(join(temp, 'broken-'));
    await writeFile(
      join(dir, 'good.html'),
      '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Thing","name":"x"}</script>',
    );
    // A dangling link named like a page: listed by the directory walk, unreadable when opened.
    await symlink(join(dir, 'gone.html'), join(dir, 'broken.html'));
    // Two links that lead to each other.
    await symlink(join(dir, 'loop-b.html'), join(dir, 'loop-a.html'));
    await symlink(join(dir, 'loop-a.html'), join(dir, 'loop-b.html'));
    // A FIFO named like a page: opening it to read would wait for a writer forever.
    execFileSync('mkfifo', [join(dir, 'pipe.html')]);
    const { code, stdout } = await check(dir, '--format', 'json');
    expect(code).toBe(2);
    const report = JSON.parse(stdout);
    expect(report.summary).toMatchObject({ files: 5, failures: 4, documents: 1, errors: 0 });
    const failureOf = (name: string) =>
      report.files.find((file: { file: string }) => file.file.endsWith(name)).failure;
    expect(failureOf('broken.html')).toBe('a symbolic link to a file that does not exist (ENOENT)');
    expect(failureOf('loop-a.html')).toBe('symbolic links that lead in a loop (ELOOP)');
    expect(failureOf('pipe.html')).toBe('not a regular file');
    const pretty = await check(dir);
    expect(pretty.code).toBe(2);
    expect(pretty.stdout).toMatch(
      /broken\.html\n {2}failure not checked: a symbolic link to a file that does not exist/,
    );
  });

  it('audits a site whose folders link back to their parents, without going round them', async () => {
    const dir = await mkdtemp(join(temp, 'linked-'));
    await writeFile(
      join(dir, 'index.html'),
      '<link rel="canonical" href="https://example.com/"><script type="application/ld+json">{"@context":"https://schema.org","@type":"Thing","name":"x"}</script>',
    );
    await mkdir(join(dir, 'sub'));
    await writeFile(join(dir, 'sub', 'page.html'), '<title>Sub</title>');
    // Two links to folders above them: a walk that follows links never ends (it held check for good).
    await symlink('.', join(dir, 'self'));
    await symlink('..', join(dir, 'sub', 'up'));
    const run = promisify(execFile);
    // Killed if it hangs, so that a regression fails here instead of holding the run.
    const { stdout } = await run(process.execPath, ['dist/cli/main.js', 'check', dir, '--format', 'json'], {
      timeout: 15_000,
      env: { ...process.env, NO_COLOR: '1' },
    });
    const report = JSON.parse(stdout);
    expect(report.summary).toMatchObject({ files: 2, documents: 1, errors: 0 });
  });

  it('checks the pages of a folder linked into the site, as the audit counts its files', async () => {
    const dir = await mkdtemp(join(temp, 'linked-folder-'));
    const shared = await mkdtemp(join(temp, 'shared-'));
    await writeFile(
      join(shared, 'page.html'),
      '<script type="application/ld+json">{"@type":"Thing"}</script>',
    );
    await writeFile(join(dir, 'index.html'), '<title>Home</title>');
    await symlink(shared, join(dir, 'docs'));
    const { stdout } = await check(dir, '--format', 'json', '--no-audit');
    const report = JSON.parse(stdout);
    expect(report.files.map((file: { file: string }) => file.file)).toEqual([
      expect.stringMatching(/docs\/page\.html$/),
      expect.stringMatching(/index\.html$/),
    ]);
    expect(report.summary).toMatchObject({ files: 2, documents: 1 });
  });

  it('names a folder it cannot read, exits 2, and checks the rest (it ended the whole check)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'check-locked-'));
    onTestFinished(async () => {
      await chmod(join(dir, 'locked'), 0o755);
      await rm(dir, { recursive: true, force: true });
    });
    await writeFile(
      join(dir, 'index.html'),
      '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Thing","name":"x"}</script>',
    );
    await writeFile(join(dir, 'secret.html'), '<title>x</title>');
    await mkdir(join(dir, 'locked'));
    await writeFile(join(dir, 'locked', 'page.html'), '<title>x</title>');
    await chmod(join(dir, 'locked'), 0);
    await chmod(join(dir, 'secret.html'), 0);
    await chmod(dir, 0o755);
    // Root reads any folder: as root, the CLI runs as nobody.
    const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    const { code, stdout } = await new Promise<{ code: number; stdout: string }>((resolve) => {
      execFile(
        process.execPath,
        ['dist/cli/main.js', 'check', dir, '--format', 'json'],
        { ...asNobody, env: { ...process.env, NO_COLOR: '1' } },
        (error, stdout) => resolve({ code: Number(error?.code ?? 0), stdout }),
      );
    });
    expect(code).toBe(2);
    const report = JSON.parse(stdout);
    expect(report.summary).toMatchObject({ failures: 2, documents: 1 });
    const failureOf = (name: string) =>
      report.files.find((file: { file: string }) => file.file.endsWith(name)).failure;
    expect(failureOf('locked')).toBe('a folder that cannot be read: permission denied (EACCES)');
    expect(failureOf('secret.html')).toBe('permission denied (EACCES)');
  });

  it('prints the version and the Schema.org release with --version', async () => {
    const { code, stdout } = await check('--version');
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^astro-schema-manager \d+\.\d+\.\d+\nVocabulary: Schema\.org 30\.0 \(\d{4}-\d\d-\d\d\): /,
    );
    expect(stdout.match(/Schema\.org 30\.0/g)).toHaveLength(1);
  });

  it('reports a document nested thousands of levels deep as too-deep, not a crash', async () => {
    const depth = 5_000;
    const deep = `{"@context":"https://schema.org",${'"@type":"Thing","subjectOf":{'.repeat(depth)}"name":"x"${'}'.repeat(depth + 1)}`;
    const file = join(temp, 'deep.jsonld');
    await writeFile(file, deep);
    const { code, stdout } = await check(file, '--format', 'json');
    expect(code).toBe(1);
    expect(
      JSON.parse(stdout).files[0].documents[0].issues.map((issue: { code: string }) => issue.code),
    ).toContain('too-deep');
  });
});
