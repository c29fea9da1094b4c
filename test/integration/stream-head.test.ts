import { describe, expect, it } from 'vitest';
import { rewriteHead } from '../../src/head/index.ts';
import { completeUtf8Length, rewriteHeadOfStream } from '../../src/integration/stream-head.ts';

const tags = [{ key: 'title', html: '<title data-schema-manager>Titré par l’API</title>' }];

/** A stream that gives `pieces` one at a time, recording how many were pulled. */
function source(pieces: Uint8Array[]) {
  const state = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = pieces[state.pulled++];
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
  return { stream, state };
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new TextDecoder().decode(new Uint8Array(await new Response(stream).arrayBuffer()));
}

describe('rewriteHeadOfStream', () => {
  const page =
    '<html><head><meta charset="utf-8"><title>Vieux</title></head><body><p>Café ☕ 𝄞</p></body></html>';
  const bytes = new TextEncoder().encode(page);

  it.each([1, 2, 3, 7, 64])(
    'gives the same page as rewriting it whole, cut into %i-byte pieces',
    async (size) => {
      const pieces: Uint8Array[] = [];
      for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.slice(at, at + size));
      const out = await readAll(
        rewriteHeadOfStream(source(pieces).stream, async (head) => rewriteHead(head, tags).html),
      );
      expect(out).toBe(rewriteHead(page, tags).html);
    },
  );

  it('sends the head before the rest of the body is read, and passes the body through as it came', async () => {
    const encoder = new TextEncoder();
    const body = [encoder.encode('<p>one</p>'), encoder.encode('<p>two</p>')];
    const { stream, state } = source([encoder.encode('<head><title>T</title></head><body>'), ...body]);
    const reader = rewriteHeadOfStream(stream, async (head) => rewriteHead(head, tags).html).getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('Titré par l’API');
    expect(first).not.toContain('<p>one</p>');
    expect(state.pulled).toBeLessThanOrEqual(2);
    expect((await reader.read()).value).toBe(body[0]);
  });

  it('serves the page unchanged when the rewrite fails', async () => {
    const out = await readAll(
      rewriteHeadOfStream(source([bytes]).stream, async () => {
        throw new Error('no answer');
      }),
    );
    expect(out).toBe(page);
  });
});

describe('completeUtf8Length', () => {
  it('leaves out a sequence cut short at the end, and only that', () => {
    const clef = new TextEncoder().encode('a𝄞'); // 1 + 4 bytes
    expect(completeUtf8Length(clef)).toBe(5);
    for (let cut = 2; cut < 5; cut++) expect(completeUtf8Length(clef.subarray(0, cut))).toBe(1);
    expect(completeUtf8Length(new TextEncoder().encode('é'))).toBe(2);
  });
});
