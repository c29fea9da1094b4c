// A page's head rewritten as the response streams: the bytes are held only until the head is over (the body has
// started), the rewritten head goes out, and every later chunk passes through untouched, so a page whose body
// renders slowly still sends its head (and its first bytes) as soon as the head is known. Held bytes are bounded:
// a head that does not end within `maxHeadBytes` (a page streaming into an open <script> in its head, a
// many-megabyte inline script) goes out as it came, as do bytes that are not UTF-8, rather than be mangled.
import { watchHeadEnd } from '../head/index.ts';

/** Rewrites a complete head (plus whatever of the body came with it); never throws (the caller keeps the page). */
export type HeadRewrite = (prefix: string) => Promise<string>;

/** The most bytes held while waiting for the head to end: past it they go out untouched. */
export const MAX_HEAD_BYTES = 1024 * 1024;

export interface StreamHeadOptions {
  /** The most bytes held before the head's end is seen (MAX_HEAD_BYTES). */
  maxHeadBytes?: number;
  /** Why the head went out as it came: longer than `maxHeadBytes`, or not UTF-8. */
  onUntouched?: (why: 'too-long' | 'not-utf8') => void;
}

/**
 * @example
 * new Response(rewriteHeadOfStream(response.body, async (head) => rewriteHead(head, tags).html), response)
 */
export function rewriteHeadOfStream(
  body: ReadableStream<Uint8Array | string>,
  rewrite: HeadRewrite,
  options: StreamHeadOptions = {},
): ReadableStream<Uint8Array> {
  const maxHeadBytes = options.maxHeadBytes ?? MAX_HEAD_BYTES;
  // Dropped once the head is over: the parser keeps what it read.
  let watch: ReturnType<typeof watchHeadEnd> | null = watchHeadEnd();
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  const held: Uint8Array[] = [];
  let heldBytes = 0;
  let passing = false;
  // The page's own failure, given to the reader once what came before it has been read.
  let failed: { error: unknown } | null = null;

  /** The held bytes as they came, and every later chunk after them. */
  const passUntouched = (controller: ReadableStreamDefaultController<Uint8Array>): void => {
    passing = true;
    watch = null;
    for (const bytes of held) controller.enqueue(bytes);
    held.length = 0;
  };

  /** The held bytes, the head rewritten; an incomplete UTF-8 sequence at the end goes out as it came. */
  const release = async (controller: ReadableStreamDefaultController<Uint8Array>): Promise<void> => {
    passing = true;
    watch = null;
    const bytes = concat(held);
    held.length = 0;
    const cut = completeUtf8Length(bytes);
    let prefix: string;
    try {
      // Fatal: a byte that is not UTF-8 (a Latin-1 page, a compressed body) would come back as U+FFFD. The
      // byte-order mark is kept, as the page had it.
      prefix = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes.subarray(0, cut));
    } catch {
      options.onUntouched?.('not-utf8');
      controller.enqueue(bytes);
      return;
    }
    let out: string;
    try {
      out = await rewrite(prefix);
    } catch {
      out = prefix; // A page is better served without its schemas than not at all.
    }
    controller.enqueue(encoder.encode(out));
    if (cut < bytes.length) controller.enqueue(bytes.subarray(cut));
  };

  /** Takes one chunk of the page; true when bytes went out (the head is over or was let go). */
  const take = async (
    chunk: Uint8Array | string,
    controller: ReadableStreamDefaultController<Uint8Array>,
  ): Promise<boolean> => {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    if (passing) {
      controller.enqueue(bytes);
      return true;
    }
    held.push(bytes);
    heldBytes += bytes.length;
    if (watch?.write(decoder.decode(bytes, { stream: true }))) await release(controller);
    else if (heldBytes > maxHeadBytes) {
      options.onUntouched?.('too-long');
      passUntouched(controller);
    }
    return passing;
  };

  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (failed) return controller.error(failed.error);
      for (;;) {
        let read: ReadableStreamReadResult<Uint8Array | string>;
        try {
          read = await reader.read();
        } catch (error) {
          // A page that throws while it renders (or a stream that fails) ends the response where it failed: what
          // it sent so far goes out first, as it would without this pass, rather than be lost with the held head.
          // As one chunk, and the failure at the next pull: erroring a stream drops the chunks still queued.
          if (held.length === 0) return controller.error(error);
          const bytes = concat(held);
          held.length = 0;
          passing = true;
          watch = null;
          controller.enqueue(bytes);
          failed = { error };
          return;
        }
        if (read.done) {
          // A page that is all head (or empty) is rewritten whole.
          if (!passing) await release(controller);
          controller.close();
          return;
        }
        if (await take(read.value, controller)) return;
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

function concat(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** The length of `bytes` without a UTF-8 sequence cut short at its end. */
export function completeUtf8Length(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(4, bytes.length); back++) {
    const byte = bytes[bytes.length - back] as number;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: its lead is further back
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needed > back ? bytes.length - back : bytes.length;
  }
  return bytes.length;
}
