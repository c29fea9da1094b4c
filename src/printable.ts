/**
 * Text as a terminal may show it: control characters (an escape sequence that clears the screen, a newline
 * that forges a line of the report) written as `\x1b`, `\n`, so a page's JSON-LD, a file name or a server's
 * message cannot steer the terminal. Tabs stay. The Unicode line and paragraph separators (a line break in some
 * terminals) and the bidirectional controls (which show text in another order than it is) are written `\u2028`.
 *
 * @example printable('a\u001b[2Jb') // 'a\\x1b[2Jb'
 */
export function printable(text: string): string {
  return text.replace(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028-\u202e\u2066-\u2069]/g, (char) => {
    if (char === '\n') return '\\n';
    if (char === '\r') return '\\r';
    const code = char.charCodeAt(0);
    return code > 0xff ? `\\u${code.toString(16)}` : `\\x${code.toString(16).padStart(2, '0')}`;
  });
}
