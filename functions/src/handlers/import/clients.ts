// The accounts of the clients a balance, membership or visit row names, from the import's markers
// (in a dry run, also the accounts its members file would make), each read once per run by this
// process (`runAccounts`): a row whose client was not imported (yet) is skipped with that reason.
// A dry run's planned new account has nothing yet, so its rows read nothing more.
import { parseStored, paths } from '@studio/core';
import { importedMemberSchema, importedUid, sourceKey } from '@studio/core/import';
import {
  IN_FLIGHT,
  mapPool,
  runAccounts,
  type ClientAccount,
  type ImportDeps,
  type RunContext,
} from './run';

export async function clientAccounts(
  deps: ImportDeps,
  ctx: RunContext,
  clientIds: readonly string[],
): Promise<Map<string, ClientAccount>> {
  const known = runAccounts(ctx.runId);
  const unique = [...new Set(clientIds)];
  const found = await mapPool(unique, IN_FLIGHT, async (clientId) => {
    const key = sourceKey(clientId);
    if (key === undefined) return undefined;
    const seen = known.get(key);
    if (seen !== undefined) return seen;
    const path = paths.importedMember(ctx.source, key);
    const snapshot = await deps.db.ref(path).get();
    if (snapshot.exists()) {
      const account = {
        uid: parseStored(importedMemberSchema, snapshot.val(), path).uid,
        planned: false,
      };
      known.set(key, account);
      return account;
    }
    if (!ctx.dryRun) return undefined;
    const planned: unknown = (
      await deps.db.ref(paths.importDryRunMember(ctx.runId, key)).get()
    ).val();
    if (typeof planned !== 'string') return undefined;
    // A dry run plans a new account under the client's own uid, a link under the member's.
    const account = { uid: planned, planned: planned === importedUid(ctx.source, clientId) };
    known.set(key, account);
    return account;
  });
  const accounts = new Map<string, ClientAccount>();
  unique.forEach((clientId, index) => {
    const account = found[index];
    if (account !== undefined) accounts.set(clientId, account);
  });
  return accounts;
}
