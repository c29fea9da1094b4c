// What the network and the server allow, measured rather than assumed: a bare undici client asking for every
// page's schemas, meta and social tags the way the per-page strategy does (a page's three requests side by
// side, `concurrency` pages at a time over as many connections), through the same delay line. The bound the
// issue sets (requests x latency / concurrency) leaves out the server's own time; this does not.
import { Agent, request } from 'undici';
import { mapConcurrently } from '../../src/map-concurrently.ts';

/**
 * Milliseconds for all of `pageUrls`' per-page requests against `apiUrl`.
 *
 * @example const ms = await measureRequestFloor(proxy.url, urls, 8, { name: 'admin', password: 'secret' });
 */
export async function measureRequestFloor(
  apiUrl: string,
  pageUrls: string[],
  concurrency: number,
  user: { name: string; password: string },
): Promise<number> {
  const agent = new Agent({ connections: concurrency });
  const authorization = `Basic ${Buffer.from(`${user.name}:${user.password}`).toString('base64')}`;
  const started = performance.now();
  try {
    await mapConcurrently(pageUrls, concurrency, (url) =>
      Promise.all(
        ['schemas-by-url', 'meta', 'social'].map(async (route) => {
          const answer = await request(`${apiUrl}/${route}?url=${encodeURIComponent(url)}`, {
            dispatcher: agent,
            headers: { authorization },
          });
          const body = await answer.body.text();
          if (answer.statusCode !== 200)
            throw new Error(`${route} answered ${answer.statusCode}: ${body.slice(0, 200)}`);
        }),
      ),
    );
    return performance.now() - started;
  } finally {
    await agent.close();
  }
}
