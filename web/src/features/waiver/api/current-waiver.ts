import { paths, waiverVersionNumberSchema, waiverVersionSchema } from '@studio/core';
import type { WaiverVersion } from '@studio/core';
import { readPath } from '../../../lib/realtime';

/** The published version `Waivers/current` names (public), or null when there is none. */
export async function currentWaiver(): Promise<WaiverVersion | null> {
  const current = waiverVersionNumberSchema.safeParse(await readPath(paths.waiverCurrent()));
  if (!current.success) return null;
  const version = waiverVersionSchema.safeParse(await readPath(paths.waiverVersion(current.data)));
  return version.success ? version.data : null;
}
