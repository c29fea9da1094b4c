/**
 * Text as a terminal may show it: control characters (an escape sequence that clears the screen, a newline
 * that forges a line of the report) written as `\x1b`, `\n`, so a page's JSON-LD, a file name or a server's
 * message cannot steer the terminal. Tabs stay.
 *
 * @example printable('a\u001b[2Jb') // 'a\\x1b[2Jb'
 */
export function printable(text: string): string {
  return text.replace(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g, (char) => {
    if (char === '\n') return '\\n';
    if (char === '\r') return '\\r';
    return `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
  });
}
