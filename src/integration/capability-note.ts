// What the credentials leave out, said the same way by the build and by astro dev and on-demand pages.
import type { ProbeResult } from '../client/probe.ts';

/** The note for credentials that cannot read meta and social tags; null when they can. */
export function capabilityNote(
  probe: Pick<ProbeResult, 'authenticated' | 'canManageOptions'>,
): string | null {
  if (probe.canManageOptions) return null;
  return probe.authenticated
    ? 'The credentials lack manage_options: meta and social tags are skipped (the API reads them with that capability only).'
    : 'No credentials: only public schemas are read. Meta and social tags need a user with manage_options (SCHEMA_MANAGER_USER and SCHEMA_MANAGER_PASSWORD).';
}
