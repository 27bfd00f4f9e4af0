// The accounts of the clients a balance, membership or visit row names, from the import's markers
// (in a dry run, also the accounts its members file would make), each read once per run by this
// process (`runAccounts`): a row whose client was not imported (yet) is skipped with that reason.
// A dry run's planned new account has nothing yet, so its rows read nothing more.
import { parseStored, paths } from '@studio/core';
import { importedMemberSchema, importedUid, sourceKey } from '@studio/core/import';
import {
  accountOf,
  readChildren,
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
  const keyOf = new Map<string, string>();
  const idOf = new Map<string, string>();
  for (const clientId of unique) {
    const key = sourceKey(clientId);
    if (key === undefined) continue;
    keyOf.set(clientId, key);
    idOf.set(key, clientId);
  }
  // The clients this process has not seen in the run: their markers by one key-range read, then
  // (in a dry run) the accounts its members file planned for those without one.
  const unseen = [...new Set(keyOf.values())].filter((key) => !known.has(key));
  const markers = await readChildren(deps.db, paths.importedMembers(ctx.source), unseen);
  for (const [key, value] of markers) {
    const path = paths.importedMember(ctx.source, key);
    known.set(key, accountOf(parseStored(importedMemberSchema, value, path)));
  }
  if (ctx.dryRun) {
    const without = unseen.filter((key) => !markers.has(key));
    const planned = await readChildren(deps.db, paths.importDryRunMembers(ctx.runId), without);
    for (const [key, uid] of planned) {
      if (typeof uid !== 'string') continue;
      // A dry run plans a new account under the client's own uid, a link under the member's.
      known.set(key, { uid, planned: uid === importedUid(ctx.source, idOf.get(key) ?? key) });
    }
  }
  const accounts = new Map<string, ClientAccount>();
  for (const [clientId, key] of keyOf) {
    const account = known.get(key);
    if (account !== undefined) accounts.set(clientId, account);
  }
  return accounts;
}
