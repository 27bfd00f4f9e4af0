import type { StudioClass, UserClass } from '@studio/core';
import { useEffect, useState } from 'react';
import { useLive } from '../../../lib/use-live';
import type { ScheduleApi } from '../api/schedule-api';

const NO_CLASSES: Record<string, StudioClass> = {};

/**
 * The label a member knows a booked spot by ("7"), not its id ("s7"): `UserClasses` stores the
 * id, the class names its room, and the room names the spot. Reads the class's day (the same
 * query the calendar makes, so the SDK shares it) and the room once. Until both arrive, and for
 * a class without a room (where ids are the labels), the id is returned.
 */
export function useSpotLabel(
  api: ScheduleApi,
  entry: Pick<UserClass, 'classId' | 'date' | 'spot'> | undefined,
): string | undefined {
  const date = entry?.date;
  const day = useLive(
    date ? (onChange) => api.watchClasses(date, date, onChange) : null,
    NO_CLASSES,
    [api, date],
  );
  const layoutId = entry ? day[entry.classId]?.layout : undefined;
  const [labels, setLabels] = useState<{ layoutId: string; byId: Record<string, string> } | null>(
    null,
  );

  useEffect(() => {
    if (layoutId === undefined) return undefined;
    let current = true;
    api.getLayout(layoutId).then(
      (layout) => {
        if (!current || !layout) return;
        const byId = Object.fromEntries(
          Object.values(layout.spots).map((spot) => [spot.id, spot.label]),
        );
        setLabels({ layoutId, byId });
      },
      (error: unknown) => console.error('seat layout not loaded', error),
    );
    return () => {
      current = false;
    };
  }, [api, layoutId]);

  if (!entry) return undefined;
  const known =
    labels !== null && labels.layoutId === layoutId ? labels.byId[entry.spot] : undefined;
  return known ?? entry.spot;
}
