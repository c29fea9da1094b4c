// Offline, reproducible builds: every API answer the build used is written to a file (record), or read
// from it with no network at all (replay), through undici's SnapshotAgent. Credentials never reach the
// file: the Authorization header is neither stored nor matched.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Dispatcher } from 'undici';
// As a namespace: see send.ts.
import * as undici from 'undici';
import { substitutedUndici } from '../client/send.ts';
import { SNAPSHOT_NOTICE, withoutExperimentalNotice } from '../experimental-notice.ts';
import { buildStopped } from './failures.ts';

export interface SnapshotOption {
  mode: 'record' | 'replay';
  /** The snapshot file, relative to the project root. */
  path: string;
}

export interface BuildSnapshot {
  dispatcher: Dispatcher;
  /** Writes the file (record) and closes the agent. */
  finish(): Promise<void>;
}

// Never stored, never matched: what identifies the user, and what differs between runs.
const UNSTORED_HEADERS = ['authorization', 'cookie', 'proxy-authorization', 'set-cookie'];
// Requests are told apart by method, path and query, and by what they accept; not by the user agent.
const MATCHED_HEADERS = ['accept', 'content-type'];

/**
 * Opens the snapshot of a build; a replay without its file stops the build saying how to make one.
 *
 * @example const snapshot = await openSnapshot({ mode: 'replay', path: 'api-snapshot.json' }, '/site');
 */
export async function openSnapshot(option: SnapshotOption, root: string): Promise<BuildSnapshot> {
  const { SnapshotAgent } = undici;
  if (!SnapshotAgent) throw substitutedUndici();
  const snapshotPath = resolve(root, option.path);
  const common = { snapshotPath, excludeHeaders: UNSTORED_HEADERS, matchHeaders: MATCHED_HEADERS };
  if (option.mode === 'replay') {
    if (!existsSync(snapshotPath)) {
      throw buildStopped(
        `snapshot: no file at ${snapshotPath} to replay.`,
        "Build once against the API with snapshot: { mode: 'record', path } to write it.",
      );
    }
    const agent = withoutExperimentalNotice(
      SNAPSHOT_NOTICE,
      () => new SnapshotAgent({ ...common, mode: 'playback' }),
    );
    await agent.loadSnapshots();
    return { dispatcher: agent, finish: () => agent.close() };
  }
  await mkdir(dirname(snapshotPath), { recursive: true });
  const agent = withoutExperimentalNotice(
    SNAPSHOT_NOTICE,
    () => new SnapshotAgent({ ...common, mode: 'record' }),
  );
  return {
    dispatcher: agent,
    finish: async () => {
      await agent.saveSnapshots();
      await agent.close();
    },
  };
}
