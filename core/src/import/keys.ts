/**
 * Keys made from the source's own ids, so importing a row twice addresses the same records:
 * the member's account (`importedUid`), their credits and ledger line, their visits.
 */
import { MAX_KEY_LENGTH, isValidKey } from '../keys';
import type { ImportSource } from './fields';

/**
 * The id as a database key: characters a key may not hold (`. $ # [ ] /`, control characters,
 * and `%` itself) written as `%XX`, so two ids never share a key. `undefined` when too long.
 */
export function sourceKey(id: string): string | undefined {
  const key = id.replace(
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is escaped
    /[.$#[\]/%\u0000-\u001f\u007f]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
  return isValidKey(key) && key.length <= MAX_KEY_LENGTH - 24 ? key : undefined;
}

/**
 * The account of an imported member: the same uid however often the row is imported, so an
 * import interrupted after the account was made adopts it instead of making a second one.
 */
export function importedUid(source: ImportSource, id: string): string {
  const key = sourceKey(id);
  if (key === undefined)
    throw new Error(`Source id too long for an account: ${id.length} characters`);
  return `imp-${source}-${key}`;
}
