interface Named {
  name: string;
}

/** Entries of a node keyed by id, by name as a person reads them. */
export function byName<T extends Named>(items: Record<string, T>): [string, T][] {
  return Object.entries(items).sort(([, a], [, b]) => a.name.localeCompare(b.name));
}

/**
 * A select's options for the entries of a node keyed by id (coaches, class types, rooms), each
 * valued by its id: by name, or in the node's own order (`order="stored"`); `shown` leaves some
 * out (an inactive one no longer chosen).
 */
export function NameOptions<T extends Named>({
  items,
  order = 'name',
  shown,
}: {
  items: Record<string, T>;
  order?: 'name' | 'stored';
  shown?: (id: string, item: T) => boolean;
}) {
  return (
    <>
      {(order === 'name' ? byName(items) : Object.entries(items))
        .filter(([id, item]) => shown?.(id, item) ?? true)
        .map(([id, item]) => (
          <option key={id} value={id}>
            {item.name}
          </option>
        ))}
    </>
  );
}
