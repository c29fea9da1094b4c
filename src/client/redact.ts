// Removes the client's own credentials from text a server sent back (its message, code, details, a Location):
// the Basic header and its token, `user:password` (plain and percent-encoded), and the password alone, in the
// spellings servers re-encode it in (percent-encoded, `+` or `&nbsp;` for its spaces, without them, base64, any
// letter case). A password of LONG_PASSWORD characters or more (an application password has 24) goes wherever it
// stands, glued to other words too; a shorter one only where it is a whole word, so that text merely
// containing it inside a longer word (`wrong` in `wrongly`) is left as it was. The client's own text (the URL it
// built, the operation) is never passed here.

export const REDACTED = '[redacted]';

/** Deeper than this a server's `details` are not walked: they are replaced whole. */
const MAX_DETAILS_DEPTH = 32;

export interface Redactor {
  /** `text` with every credential replaced by `[redacted]`. */
  text(text: string): string;
  /** A copy of a JSON-like value with every string (keys too) passed through `text`. */
  value(value: unknown): unknown;
  /**
   * The same redactor, but where one of `texts` (the client's own URL, say) appears in server text, the
   * password is not looked for as a word inside it: the server is quoting the client, not its credentials.
   */
  keeping(texts: string[]): Redactor;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const identity: Redactor = { text: (text) => text, value: (value) => value, keeping: () => identity };

/**
 * The redactor for one set of credentials (or the identity without them).
 *
 * @example createRedactor({ username: 'a', password: 'secret-pw' }).text('bad: secret-pw') // 'bad: [redacted]'
 */
export function createRedactor(credentials: { username: string; password: string } | null): Redactor {
  if (!credentials) return identity;
  const { username, password } = credentials;
  const pair = `${username}:${password}`;
  const token = basicToken(username, password);
  const exact = [
    token,
    token.replace(/=+$/, ''),
    pair,
    `${encodeURIComponent(username)}:${encodeURIComponent(password)}`,
    encodeURIComponent(pair),
  ];
  const spellings = [
    password,
    encodeURIComponent(password),
    password.replace(/\s+/g, ''),
    password.replace(/ /g, '+'),
    password.replace(/ /g, '&nbsp;'),
    password.replace(/ /g, '\u00a0'),
    password.replace(/ /g, '-'),
    password.replace(/ /g, '_'),
    base64(password),
    base64(password).replace(/=+$/, ''),
  ].filter((word) => word.length > 0);
  const sorted = (texts: string[]) =>
    [...new Set(texts)].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const exactPattern = new RegExp(sorted(exact).join('|'), 'g');
  // A long password goes wherever it stands; a short one only where it is a whole word: `wrong` goes from
  // "password wrong" but not from "wrongly".
  const passwordPatterns =
    password.length >= LONG_PASSWORD
      ? sorted(spellings)
      : sorted(spellings).map((word) => `(?<![\\p{L}\\p{N}_])${word}(?![\\p{L}\\p{N}_])`);
  const pattern = new RegExp([exactPattern.source, ...passwordPatterns].join('|'), 'giu');
  return redactorOf(pattern, exactPattern, []);
}

/** From this length a password is taken to be no word of any text: it is removed wherever it appears. */
const LONG_PASSWORD = 12;

/** UTF-8 base64 of `text`, without Node's Buffer. */
function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function redactorOf(pattern: RegExp, exactPattern: RegExp, keep: string[]): Redactor {
  const kept = [...new Set(keep.filter((text) => text.length > 0))].sort((a, b) => b.length - a.length);
  const keptPattern = kept.length > 0 ? new RegExp(kept.map(escapeRegExp).join('|'), 'g') : null;
  const text = (input: string): string => {
    if (keptPattern === null) return input.replace(pattern, REDACTED);
    let out = '';
    let last = 0;
    for (const match of input.matchAll(keptPattern)) {
      out +=
        input.slice(last, match.index).replace(pattern, REDACTED) + match[0].replace(exactPattern, REDACTED);
      last = match.index + match[0].length;
    }
    return out + input.slice(last).replace(pattern, REDACTED);
  };
  const value = (input: unknown, depth = 0): unknown => {
    if (typeof input === 'string') return text(input);
    if (input === null || typeof input !== 'object') return input;
    if (depth >= MAX_DETAILS_DEPTH) return REDACTED;
    if (Array.isArray(input)) return input.map((item) => value(item, depth + 1));
    return Object.fromEntries(
      Object.entries(input).map(([key, item]) => [text(key), value(item, depth + 1)]),
    );
  };
  return {
    text,
    value: (input) => value(input),
    keeping: (texts) => redactorOf(pattern, exactPattern, [...keep, ...texts]),
  };
}

/**
 * `user:password` in UTF-8, base64-encoded, as Basic auth sends it; without Node's Buffer, which an edge
 * runtime may not have.
 *
 * @example basicToken('ed', 'pw') // 'ZWQ6cHc='
 */
export function basicToken(username: string, password: string): string {
  return base64(`${username}:${password}`);
}
