// Answers compressed on the way. The client asks for gzip or Brotli, as browsers and `curl --compressed` do,
// and a WordPress behind nginx's or Apache's compression, or a CDN, then sends a list page in a fraction of its
// bytes. undici's own decompress interceptor would print an ExperimentalWarning in every user's build.
import { promisify } from 'node:util';
import * as zlib from 'node:zlib';

/** The request's Accept-Encoding: what every supported runtime decodes. */
export const ACCEPTED_ENCODINGS = 'gzip, br';

type Decode = (body: Buffer, options: zlib.ZlibOptions & zlib.BrotliOptions) => Promise<Buffer>;

const gunzip = promisify(zlib.gunzip) as Decode;
const DECODERS: Record<string, Decode | undefined> = {
  __proto__: null as never,
  gzip: gunzip,
  'x-gzip': gunzip,
  br: promisify(zlib.brotliDecompress) as Decode,
  deflate: promisify(zlib.inflate) as Decode,
};

/**
 * The text at the start of a body cut short (a too-large answer read in part), decoded as far as it goes and
 * at most `maxBytes` of it; '' when it cannot be (a coding not read here, stacked codings, a bomb).
 *
 * @example startOfBody(zlib.gzipSync('[{"id":7}]').subarray(0, 20), 'gzip', 4096) // '[{"id":7}' or less
 */
export function startOfBody(
  part: Buffer,
  contentEncoding: string | string[] | undefined,
  maxBytes: number,
): string {
  const coding = [contentEncoding ?? ''].flat().join(',').trim().toLowerCase();
  // Flushed rather than finished: the input stops mid-stream, and what it holds so far is wanted. Decoded
  // in full within a bound (4 KB of Brotli can stand for gigabytes), then cut.
  const options = { finishFlush: zlib.constants.Z_SYNC_FLUSH, maxOutputLength: 64 * maxBytes };
  try {
    const decoded =
      coding === '' || coding === 'identity'
        ? part
        : coding === 'gzip' || coding === 'x-gzip'
          ? zlib.gunzipSync(part, options)
          : coding === 'deflate'
            ? zlib.inflateSync(part, options)
            : coding === 'br'
              ? zlib.brotliDecompressSync(part, {
                  finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
                  maxOutputLength: options.maxOutputLength,
                })
              : null;
    return decoded ? decoded.subarray(0, maxBytes).toString('utf8') : '';
  } catch {
    // Only a clue for a message: without it the record is named by its place in the list.
    return '';
  }
}

/** Codings stacked on one answer that are decoded at most: more is a server bug or a decompression bomb. */
const MAX_CODINGS = 3;

/** Why an answer's body could not be decoded; `tooLarge` when decoding it would pass the size cap. */
export class DecodeFailure extends Error {
  readonly tooLarge: boolean;
  constructor(message: string, tooLarge = false) {
    super(message);
    this.tooLarge = tooLarge;
  }
}

/**
 * The body as sent before the codings its Content-Encoding names (the last applied is undone first), at most
 * `maxBytes` decoded; throws a DecodeFailure saying which coding failed and why.
 *
 * @example await decodeBody(zlib.gzipSync('{}'), 'gzip', 5e6) // <Buffer 7b 7d>
 */
export async function decodeBody(
  body: Buffer,
  contentEncoding: string | string[] | undefined,
  maxBytes: number,
): Promise<Buffer> {
  const codings = [contentEncoding ?? '']
    .flat()
    .join(',')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  // A 304 or a HEAD's answer carries the coding of a body it does not send.
  if (codings.length === 0 || body.length === 0) return body;
  if (codings.length > MAX_CODINGS) {
    throw new DecodeFailure(
      `the answer is encoded ${codings.length} times over (Content-Encoding: ${codings.join(', ')}); at most ${MAX_CODINGS} are decoded`,
    );
  }
  let decoded = body;
  for (const coding of codings.reverse()) {
    const decode = DECODERS[coding];
    if (!decode) {
      throw new DecodeFailure(
        `the answer is encoded as '${coding}' (Content-Encoding), which this client never asked for and cannot read`,
      );
    }
    try {
      decoded = await decode(decoded, { maxOutputLength: maxBytes });
    } catch (error) {
      const { code, message } = error as { code?: string; message?: string };
      if (code === 'ERR_BUFFER_TOO_LARGE') throw new DecodeFailure(`over ${maxBytes} bytes decoded`, true);
      throw new DecodeFailure(
        `the answer says it is ${coding}-compressed (Content-Encoding) and is not: ${message ?? code}`,
      );
    }
  }
  return decoded;
}
