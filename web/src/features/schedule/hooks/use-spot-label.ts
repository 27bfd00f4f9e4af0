import type { StudioClass, UserClass } from '@studio/core';
import { useEffect, useState } from 'react';
import { useLive } from '../../../lib/use-live';
import type { ScheduleApi } from '../api/schedule-api';

const NO_CLASSES: Record<string, StudioClass> = {};

/**
 * The label a member knows a booked spot by ("7"), not its id ("s7"): `UserClasses` stores the
 * id, the class names its room, and the room names the spot. Reads the class's day (the same
 * query the calendar makes, so the SDK shares it) and the room once. Until both arrive, and for
 * a class without a room (where ids are the labels), the label this device saw last is returned
 * (offline, neither arrives: decision 110), else the id.
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

  const known =
    entry && labels !== null && labels.layoutId === layoutId ? labels.byId[entry.spot] : undefined;
  const saved = useSavedLabel(api, entry && `spot-label/${entry.classId}/${entry.spot}`, known);
  if (!entry) return undefined;
  return known ?? saved ?? entry.spot;
}

/** The label kept on the device under `key`; `known` (the live one) replaces it when it differs. */
function useSavedLabel(
  api: ScheduleApi,
  key: string | undefined,
  known: string | undefined,
): string | undefined {
  const store = api.spotLabelCopies;
  const [saved, setSaved] = useState<{ key: string; label: string } | null>(null);

  useEffect(() => {
    if (!store || key === undefined) return undefined;
    let current = true;
    store.read(key).then(
      (label) => {
        if (current && typeof label === 'string') setSaved({ key, label });
      },
      (error: unknown) => console.error('saved spot label not read', error),
    );
    return () => {
      current = false;
    };
  }, [store, key]);

  const savedLabel = saved !== null && saved.key === key ? saved.label : undefined;
  useEffect(() => {
    if (!store || key === undefined || known === undefined || known === savedLabel) return;
    store.write(key, known).catch((error: unknown) => {
      console.error('spot label not saved', error);
    });
  }, [store, key, known, savedLabel]);
  return savedLabel;
}
