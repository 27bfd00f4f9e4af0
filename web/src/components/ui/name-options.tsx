interface Named {
  name: string;
}

/** Entries of a node keyed by id, by name as a person reads them. */
export function byName<T extends Named>(items: Record<string, T>): [string, T][] {
  return Object.entries(items).sort(([, a], [, b]) => a.name.localeCompare(b.name));
}

/**
 * A select's options for the entries of a node keyed by id (coaches, class types, rooms), by
 * name, each valued by its id; `shown` leaves some out (an inactive one no longer chosen).
 */
export function NameOptions<T extends Named>({
  items,
  shown,
}: {
  items: Record<string, T>;
  shown?: (id: string, item: T) => boolean;
}) {
  return (
    <>
      {byName(items)
        .filter(([id, item]) => shown?.(id, item) ?? true)
        .map(([id, item]) => (
          <option key={id} value={id}>
            {item.name}
          </option>
        ))}
    </>
  );
}
