// The welcome mail of an account: an invitation when an import made it (it names the system the
// member came from). bootstrapUser and the import both enqueue it under the account's one welcome
// id, from the same stored profile, so whichever comes first writes the only entry.
import { SOURCE_NAMES, importedFromSchema } from '@studio/core/import';
import type { MailMessageInput } from './kinds';

export function welcomeMessage(user: {
  Conditions?: unknown;
  importedFrom?: unknown;
}): MailMessageInput {
  const waiverAccepted = user.Conditions === true;
  const imported = importedFromSchema.safeParse(user.importedFrom);
  return imported.success
    ? { kind: 'welcome', waiverAccepted, invitation: { from: SOURCE_NAMES[imported.data.source] } }
    : { kind: 'welcome', waiverAccepted };
}
