/**
 * Which kind of file a header row is, and which column holds which field: recognised from the
 * source's known column names (`sources.ts`), then corrected by the admin's own mapping (saved
 * per source), which always wins.
 */
import {
  ENTITY_FIELDS,
  IMPORT_ENTITIES,
  IMPORT_SOURCES,
  REQUIRED_FIELDS,
  type FieldOf,
  type ImportEntity,
  type ImportSource,
} from './fields';
import { SOURCE_HEADERS, foldHeader } from './sources';

/** Column index → field, for one file. */
export type ColumnMap<E extends ImportEntity = ImportEntity> = Partial<Record<FieldOf<E>, number>>;

/**
 * The admin's corrections for one source: per kind of file, a folded header → a field, or
 * `null` for "do not import this column".
 */
export type ManualColumns = Partial<Record<ImportEntity, Readonly<Record<string, string | null>>>>;

export interface Detection<E extends ImportEntity = ImportEntity> {
  source: ImportSource;
  entity: E;
  columns: ColumnMap<E>;
  /** Required fields no column maps to: the file cannot be imported until they are mapped. */
  missing: FieldOf<E>[];
  /** Headers that no field takes (shown in the mapping step; not imported). */
  unmapped: string[];
}

function mapColumns<E extends ImportEntity>(
  source: ImportSource,
  entity: E,
  headers: readonly string[],
  manual: ManualColumns | undefined,
): ColumnMap<E> {
  const folded = headers.map(foldHeader);
  const columns: ColumnMap<E> = {};
  const taken = new Set<number>();
  const overrides: Readonly<Record<string, string | null>> = manual?.[entity] ?? {};
  // The admin's choices first: they hold even where a known name would say otherwise.
  folded.forEach((header, index) => {
    if (!Object.hasOwn(overrides, header)) return;
    taken.add(index);
    const field = overrides[header];
    if (field === null || field === undefined) return;
    if (!(ENTITY_FIELDS[entity] as readonly string[]).includes(field)) return;
    const key = field as FieldOf<E>;
    if (columns[key] === undefined) columns[key] = index;
  });
  const aliases = SOURCE_HEADERS[source][entity] as Partial<Record<FieldOf<E>, readonly string[]>>;
  for (const field of ENTITY_FIELDS[entity] as readonly FieldOf<E>[]) {
    if (columns[field] !== undefined) continue;
    for (const alias of aliases[field] ?? []) {
      const index = folded.findIndex(
        (header, at) => !taken.has(at) && header === foldHeader(alias),
      );
      if (index >= 0) {
        columns[field] = index;
        taken.add(index);
        break;
      }
    }
  }
  return columns;
}

function detectionFor<E extends ImportEntity>(
  source: ImportSource,
  entity: E,
  headers: readonly string[],
  manual: ManualColumns | undefined,
): Detection<E> {
  const columns = mapColumns(source, entity, headers, manual);
  const used = new Set(Object.values(columns));
  const missing = (REQUIRED_FIELDS[entity] as readonly FieldOf<E>[]).filter(
    (field) => columns[field] === undefined,
  );
  if (entity === 'members' && columns['fullName' as FieldOf<E>] === undefined) {
    if (columns['firstName' as FieldOf<E>] === undefined) missing.push('firstName');
  }
  return {
    source,
    entity,
    columns,
    missing,
    unmapped: headers.filter((_, index) => !used.has(index)),
  };
}

/** How well a reading fits: every required field mapped counts most, then fields mapped. */
function score(detection: Detection): number {
  const mapped = Object.keys(detection.columns).length;
  const required = REQUIRED_FIELDS[detection.entity].length;
  return (required - detection.missing.length) * 100 + mapped * 10 - detection.missing.length;
}

export interface DetectOptions {
  /** The source the admin named; otherwise every source is tried (ours last). */
  source?: ImportSource | undefined;
  /** The kind of file the admin named; otherwise the best fit. */
  entity?: ImportEntity | undefined;
  /** Saved corrections, per source. */
  manual?: Partial<Record<ImportSource, ManualColumns>> | undefined;
}

/**
 * The best reading of a header row. Visits are preferred over balances over members on a
 * tie, since a visit or balance file also names the client column a member file has; and our
 * own template over another system's that reads it as well (Momence names its columns much as
 * ours), so a file of our export comes back as ours.
 */
export function detectFile(headers: readonly string[], options: DetectOptions = {}): Detection {
  const sources = options.source ? [options.source] : IMPORT_SOURCES;
  const entities = options.entity ? [options.entity] : IMPORT_ENTITIES;
  let best: Detection | undefined;
  let bestScore = -Infinity;
  for (const source of sources) {
    for (const entity of entities) {
      const detection = detectionFor(source, entity, headers, options.manual?.[source]);
      const value = score(detection);
      const tieBreak =
        IMPORT_ENTITIES.indexOf(entity) > IMPORT_ENTITIES.indexOf(best?.entity ?? 'members') ||
        (source === 'generic' && detection.unmapped.length === 0);
      if (value > bestScore || (value === bestScore && tieBreak)) {
        best = detection;
        bestScore = value;
      }
    }
  }
  if (best === undefined) throw new Error('detectFile needs at least one source and entity');
  return best;
}

/** The first row is a table's header: at least two column names, one with a letter. */
export function looksLikeHeaderRow(headers: readonly string[]): boolean {
  const names = headers.map((header) => header.trim()).filter((header) => header.length > 0);
  return names.length >= 2 && names.some((name) => /\p{L}/u.test(name));
}
