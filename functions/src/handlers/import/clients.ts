// The accounts of the clients a balance, membership or visit row names, read once per batch from
// the import's markers (in a dry run, also the accounts its members file would make): a row
// whose client was not imported (yet) is skipped with that reason.
import { parseStored, paths } from '@studio/core';
import { importedMemberSchema, sourceKey } from '@studio/core/import';
import { mapPool, type ImportDeps, type RunContext } from './run';

export async function clientAccounts(
  deps: ImportDeps,
  ctx: RunContext,
  clientIds: readonly string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(clientIds)];
  const uids = await mapPool(unique, 32, async (clientId) => {
    const key = sourceKey(clientId);
    if (key === undefined) return undefined;
    const path = paths.importedMember(ctx.source, key);
    const snapshot = await deps.db.ref(path).get();
    if (snapshot.exists()) return parseStored(importedMemberSchema, snapshot.val(), path).uid;
    if (!ctx.dryRun) return undefined;
    const planned: unknown = (
      await deps.db.ref(paths.importDryRunMember(ctx.runId, key)).get()
    ).val();
    return typeof planned === 'string' ? planned : undefined;
  });
  const accounts = new Map<string, string>();
  unique.forEach((clientId, index) => {
    const uid = uids[index];
    if (uid !== undefined) accounts.set(clientId, uid);
  });
  return accounts;
}
