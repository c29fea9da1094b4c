// `pull --check`: what a pull would write, set against what is on disk, as unified diffs; exit 1 when they
// differ. For CI: "fail the PR when the repo's seo/ differs from the CMS".
import { existsSync, readFileSync } from 'node:fs';
import { parseLossless } from '../lossless-json.ts';
import { plural } from '../plural.ts';
import type { SeedFileData as SchemaFile } from '../seed-file.ts';
import { urlIdentity } from '../url-forms.ts';
import { printJson } from './api-connection.ts';
import { diffFileSets } from './file-diff.ts';
import { jsonProblem, pageFileUrl, readPageFiles, toPageFiles } from './seo-directory.ts';
import { readPageFileTree, type Target } from './seo-files.ts';

/**
 * What a pull would write for the content of `text`, a file of the target's kind: a file that holds what the API
 * holds in another layout (compact, keys in another order, no final newline, an `is_active: true` left out) is
 * no difference. Null when the text does not read as such a file.
 */
function asPullWrites(kind: Target['kind'], path: string, text: string): string | null {
  try {
    if (kind === 'file') return `${JSON.stringify(parseLossless(text), null, 2)}\n`;
    const { file } = readPageFiles([{ path, text }]);
    // Left out, a schema is active (as push reads it); a pull writes it out.
    const schemas = file.schemas.map((schema) => ({ ...schema, is_active: schema.is_active ?? true }));
    const pages = toPageFiles({ ...file, schemas });
    return pages.length === 1 ? pages[0]!.text : null;
  } catch {
    return null;
  }
}

/**
 * The files on disk whose bytes differ from a pull's but whose content does not, set equal in `onDisk` and
 * returned, so that only content is a difference.
 */
function setAsideLayout(
  kind: Target['kind'],
  onDisk: Map<string, string>,
  wanted: ReadonlyMap<string, string>,
): string[] {
  const reformatted: string[] = [];
  for (const [path, text] of onDisk) {
    const pulled = wanted.get(path);
    if (pulled === undefined || pulled === text || asPullWrites(kind, path, text) !== pulled) continue;
    onDisk.set(path, pulled);
    reformatted.push(path);
  }
  return reformatted;
}

/** The files a pull would write to `target`, and the ones there now that it compares them with. */
async function bothSides(target: Target, file: SchemaFile, scope: { urls: string[]; filtered: boolean }) {
  if (target.kind === 'file') {
    const onDisk = existsSync(target.path) ? readFileSync(target.path, 'utf8') : undefined;
    return {
      onDisk: new Map(onDisk === undefined ? [] : [[target.path, onDisk]]),
      wanted: new Map([[target.path, `${JSON.stringify(file, null, 2)}\n`]]),
      notJson: [],
    };
  }
  const wanted = new Map(toPageFiles(file).map(({ path, text }) => [path, text]));
  const pageFiles: Array<{ path: string; text: string; url: string | null }> = [];
  const notJson: NotJson[] = [];
  for (const [path, text] of await readPageFileTree(target.path)) {
    const url = pageFileUrl(text);
    const problem = url === null ? jsonProblem(text) : null;
    if (problem !== null) notJson.push({ path, problem, rewritten: wanted.has(path) });
    // A file where a pull writes a page is compared whatever it holds (the pull overwrites it); other JSON
    // beside the page files (notes, a tool's settings) is left by a pull, so not compared either.
    if (url !== null || wanted.has(path)) pageFiles.push({ path, text, url });
  }
  // A filtered pull speaks only for the pages it selected (in any spelling): other files are not compared.
  const selected = new Set(scope.urls.map(urlIdentity));
  const compared = pageFiles.filter(
    ({ path, url }) =>
      !scope.filtered || wanted.has(path) || (url !== null && selected.has(urlIdentity(url))),
  );
  const onDisk = new Map(compared.map(({ path, text }) => [path, text]));
  return { onDisk, wanted, notJson };
}

/** A `.json` file of the directory that does not parse: push stops on it, and a pull rewrites it or leaves it. */
interface NotJson {
  path: string;
  /** The parser's message, with where in the file. */
  problem: string;
  /** Whether a pull writes a page file at this path. */
  rewritten: boolean;
}

/**
 * Prints how `target` differs from `file` (the pull) and returns the exit code: 0 equal, 1 different.
 *
 * @example process.exitCode = await checkTarget(targetOf('seo/'), pull, { urls: [], filtered: false, json: false });
 */
export async function checkTarget(
  target: Target,
  file: SchemaFile,
  options: { urls: string[]; filtered: boolean; json: boolean },
): Promise<number> {
  const { onDisk, wanted, notJson } = await bothSides(target, file, options);
  const reformatted = setAsideLayout(target.kind, onDisk, wanted);
  const prefix = target.kind === 'directory' ? `${target.path.replace(/\/?$/, '/')}` : '';
  const differences = diffFileSets(onDisk, wanted, prefix);
  const count = (status: string) => differences.filter((d) => d.status === status).length;
  if (options.json) {
    printJson({
      target: target.path,
      kind: target.kind,
      equal: differences.length === 0,
      differences,
      ...(notJson.length > 0 && { notJson }),
      ...(reformatted.length > 0 && { reformatted }),
    });
    return differences.length === 0 ? 0 : 1;
  }
  for (const { path, problem, rewritten } of notJson)
    process.stderr.write(
      `${prefix}${path} is not JSON (${problem}): ${rewritten ? 'a pull rewrites it with the page the API has' : 'a pull leaves it, and push stops on it; fix or remove it'}.\n`,
    );
  if (reformatted.length > 0) {
    const named = reformatted.slice(0, 3).map((path) => `${prefix}${path}`);
    const more = reformatted.length > 3 ? ` and ${reformatted.length - 3} more` : '';
    process.stderr.write(
      `${named.join(', ')}${more} ${reformatted.length === 1 ? 'holds' : 'hold'} what the API holds, laid out otherwise (a pull rewrites ${reformatted.length === 1 ? 'it' : 'them'} in its own layout): no difference.\n`,
    );
  }
  if (differences.length === 0) {
    process.stderr.write(`${target.path} matches the API (${plural(wanted.size, 'file')} compared).\n`);
  } else {
    // The diff alone on stdout (disk -> API), so it can be saved or applied; the verdict on stderr.
    process.stdout.write(differences.map((difference) => difference.patch).join(''));
    const fix = `astro-schema-manager pull --out ${target.path}`;
    // A page file written by hand and not pushed yet is "to remove" too: a pull would delete it.
    const removed = count('removed');
    const unpushed =
      removed > 0
        ? ` The ${removed === 1 ? 'file' : `${removed} files`} to remove ${removed === 1 ? 'is a page' : 'are pages'} the API does not have: a pull deletes ${removed === 1 ? 'it' : 'them'}, so push first what is new.`
        : '';
    process.stderr.write(
      `${target.path} differs from the API: ${plural(count('changed'), 'file')} changed, ${count('added')} to add, ` +
        `${removed} to remove (- is on disk, + is in the API). Run "${fix}" to update it, or push it to change the API.${unpushed}\n`,
    );
  }
  return differences.length === 0 ? 0 : 1;
}
