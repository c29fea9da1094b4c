// Peak resident memory of a process and all its descendants (Astro's build, esbuild, any workers), by polling
// /proc: the sum of VmRSS over the tree at each tick, the largest sum kept. Linux only; elsewhere it reports
// nothing rather than a wrong figure.
import { readdirSync, readFileSync } from 'node:fs';

export interface RssWatch {
  /** Stops polling; the peak in bytes, or null where /proc cannot be read. */
  stop(): number | null;
}

/** Every pid whose chain of parents reaches `root`, root included. */
function treeOf(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // ended between the listing and the read
    }
    // The command name in parentheses may hold spaces; the parent pid is the second field after it.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const list = children.get(ppid);
    if (list) list.push(Number(name));
    else children.set(ppid, [Number(name)]);
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i] as number) ?? []));
  return tree;
}

function rssBytes(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Polls the tree under `pid` every `intervalMs` until `stop()`.
 *
 * @example const watch = watchTreeRss(child.pid!); await done; const peak = watch.stop();
 */
export function watchTreeRss(pid: number, intervalMs = 50): RssWatch {
  let readable = true;
  try {
    readdirSync('/proc');
  } catch {
    readable = false;
  }
  let peak = 0;
  const sample = () => {
    const total = treeOf(pid).reduce((sum, member) => sum + rssBytes(member), 0);
    if (total > peak) peak = total;
  };
  const timer = readable ? setInterval(sample, intervalMs) : null;
  if (readable) sample();
  return {
    stop() {
      if (timer) clearInterval(timer);
      return readable ? peak : null;
    },
  };
}
