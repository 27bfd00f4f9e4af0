import type { SeatLayout } from '@studio/core';
import type { z } from 'zod';
import type { Translate } from '../../lib/i18n';
import type { SpotsKey } from './spots-messages';
import { FEATURE_LABELS } from './spots-messages';

/**
 * What `seatLayoutSchema` refused, in the editor's words: one line per problem, naming the spot
 * by its label and its cell (1-based, as the grid shows them), never by its stored id.
 */
export function layoutIssues(
  layout: SeatLayout,
  error: z.ZodError,
  st: Translate<SpotsKey>,
): string[] {
  const lines = new Set<string>();
  for (const issue of error.issues) {
    const [head, key, field] = issue.path;
    if (head === 'name') {
      lines.add(st('errName'));
      continue;
    }
    if (head === 'rows' || head === 'cols') {
      lines.add(st('errSize'));
      continue;
    }
    const features = layout.features ?? {};
    if (head === 'features' && typeof key === 'string' && Object.hasOwn(features, key)) {
      const feature = features[key];
      if (feature) lines.add(st('errFeature', { kind: st(FEATURE_LABELS[feature.kind]) }));
      continue;
    }
    const spot =
      head === 'spots' && typeof key === 'string' && Object.hasOwn(layout.spots, key)
        ? layout.spots[key]
        : undefined;
    if (spot) {
      const where = { row: spot.row + 1, col: spot.col + 1, label: spot.label };
      if (field === 'label') lines.add(st('errLabel', where));
      else if (issue.message === 'outside the grid') lines.add(st('errOutside', where));
      else if (issue.message === 'cell already used') lines.add(st('errOverlap', where));
      else lines.add(st('errOther', { path: spot.label }));
      continue;
    }
    lines.add(st('errOther', { path: issue.path.map(String).join('.') || '—' }));
  }
  return [...lines];
}
