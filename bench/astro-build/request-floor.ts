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

/**
 * The median time one request takes through `apiUrl` with nothing else in flight: the network's round trip
 * plus the server's own time and loopback's, which the issue's bound (requests x latency / concurrency) leaves
 * out. Asks each of the three per-page routes in turn, `samples` times in all, over one kept-alive connection,
 * after one unrecorded request per route.
 *
 * @example const ms = await measureUnloadedLatency(proxy.url, urls, { name: 'admin', password: 'secret' });
 */
export async function measureUnloadedLatency(
  apiUrl: string,
  pageUrls: string[],
  user: { name: string; password: string },
  samples = 60,
): Promise<number> {
  const agent = new Agent({ connections: 1 });
  const authorization = `Basic ${Buffer.from(`${user.name}:${user.password}`).toString('base64')}`;
  const routes = ['schemas-by-url', 'meta', 'social'];
  const ask = async (index: number) => {
    const url = pageUrls[(index * 7) % pageUrls.length] as string;
    const route = routes[index % routes.length] as string;
    const answer = await request(`${apiUrl}/${route}?url=${encodeURIComponent(url)}`, {
      dispatcher: agent,
      headers: { authorization },
    });
    await answer.body.text();
  };
  try {
    for (let index = 0; index < routes.length; index++) await ask(index);
    const times: number[] = [];
    for (let index = 0; index < samples; index++) {
      const started = performance.now();
      await ask(index);
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b)[Math.floor(times.length / 2)] as number;
  } finally {
    await agent.close();
  }
}
