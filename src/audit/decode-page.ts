// A built page's bytes as text, in the encoding the page gives, as a browser reads them: most generators write
// UTF-8, but a page saved by Windows tools may be UTF-16 (with its byte order mark) or declare windows-1252.
import { isUtf8 } from 'node:buffer';

/** How far into a page a browser looks for its `<meta charset>`. */
const SNIFF_BYTES = 1024;

/**
 * The page's text: UTF-16 where it starts with a UTF-16 byte order mark, else in the encoding its
 * `<meta charset>` (or `http-equiv` content type) names within its first 1,024 bytes, else UTF-8, unless its
 * bytes are not UTF-8: a page that names no encoding and is not UTF-8 is an older one in windows-1252 (browsers
 * fall back to it), whose "M\xfcller" would otherwise read "M\ufffdller".
 *
 * @example decodePage(Buffer.from('<meta charset="windows-1252"><p>M\xfcller', 'latin1')) // '…<p>Müller'
 */
export function decodePage(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  const head = bytes.subarray(0, SNIFF_BYTES).toString('latin1');
  const label = /<meta\b[^>]*?\bcharset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1];
  if (label && !/^utf-?8$/i.test(label)) {
    try {
      return new TextDecoder(label).decode(bytes);
    } catch {
      // A label no decoder knows: read as UTF-8, as before.
    }
  }
  if (!label && !isUtf8(bytes)) return new TextDecoder('windows-1252').decode(bytes);
  return bytes.toString('utf8');
}
