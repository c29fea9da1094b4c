// Answers compressed on the way. The client asks for gzip or Brotli, as browsers and `curl --compressed` do,
// and a WordPress behind nginx's or Apache's compression, or a CDN, then sends a list page in a fraction of its
// bytes. undici's own decompress interceptor would print an ExperimentalWarning in every user's build.
import type { Transform } from 'node:stream';
import { promisify } from 'node:util';
import * as zlib from 'node:zlib';

/** The request's Accept-Encoding: what every supported runtime decodes. */
export const ACCEPTED_ENCODINGS = 'gzip, br';

type Decode = (body: Buffer, options: zlib.ZlibOptions & zlib.BrotliOptions) => Promise<Buffer>;

/**
 * A coding's decoder: whole, or as a stream for a part cut off mid-stream (flushed, not finished, so that what
 * the part holds so far comes out).
 */
interface Codec {
  decode: Decode;
  stream: () => Transform;
}

const SYNC_FLUSH = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
const gzip: Codec = {
  decode: promisify(zlib.gunzip) as Decode,
  stream: () => zlib.createGunzip(SYNC_FLUSH),
};
const CODECS: Record<string, Codec | undefined> = {
  __proto__: null as never,
  gzip,
  'x-gzip': gzip,
  br: {
    decode: promisify(zlib.brotliDecompress) as Decode,
    stream: () => zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH }),
  },
  deflate: {
    decode: promisify(zlib.inflate) as Decode,
    stream: () => zlib.createInflate(SYNC_FLUSH),
  },
};

/** The codings a Content-Encoding names, in the order they were applied (`identity` left out). */
function codingsOf(contentEncoding: string | string[] | undefined): string[] {
  return [contentEncoding ?? '']
    .flat()
    .join(',')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
}

/**
 * The text at the start of a body cut short (a too-large answer read in part), decoded as far as it goes and
 * at most `maxBytes` of it; '' when it cannot be (a coding not read here, stacked codings).
 *
 * @example await startOfBody(zlib.gzipSync('[{"id":7}]').subarray(0, 20), 'gzip', 4096) // '[{"id":7}' or less
 */
export async function startOfBody(
  part: Buffer,
  contentEncoding: string | string[] | undefined,
  maxBytes: number,
): Promise<string> {
  const codings = codingsOf(contentEncoding);
  if (codings.length === 0) return part.subarray(0, maxBytes).toString('utf8');
  const codec = codings.length === 1 ? CODECS[codings[0]!] : undefined;
  if (!codec) return '';
  // Streamed and stopped at `maxBytes`: 4 KB of gzip can stand for 4 MB, and of Brotli for gigabytes.
  const stream = codec.stream();
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    stream.end(part);
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= maxBytes) break;
    }
  } catch {
    // Only a clue for a message: what came out before the stream broke is all there is.
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8');
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
  const codings = codingsOf(contentEncoding);
  // A 304 or a HEAD's answer carries the coding of a body it does not send.
  if (codings.length === 0 || body.length === 0) return body;
  if (codings.length > MAX_CODINGS) {
    throw new DecodeFailure(
      `the answer is encoded ${codings.length} times over (Content-Encoding: ${codings.join(', ')}); at most ${MAX_CODINGS} are decoded`,
    );
  }
  let decoded = body;
  for (const coding of codings.reverse()) {
    const decode = CODECS[coding]?.decode;
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
