import type { UserClass } from '@studio/core';

/**
 * What a "My Classes" entry calls its class and its spot: the title and room label the functions
 * copy into it (decision 116). An entry written before them falls back to the class's own name
 * or exercise id, and to the spot's id.
 */
export function classTitle(entry: Pick<UserClass, 'title' | 'name' | 'exercise'>): string {
  return entry.title ?? entry.name ?? entry.exercise ?? '';
}

export function spotLabel(entry: Pick<UserClass, 'spotLabel' | 'spot'>): string {
  return entry.spotLabel ?? entry.spot;
}
