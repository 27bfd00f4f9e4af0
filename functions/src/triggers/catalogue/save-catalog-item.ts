import { onCall } from 'firebase-functions/v2/https';
import { parseInput, saveCatalogItemInput } from '@studio/core';
import { adminDatabase } from '../../admin';
import { saveCatalogItem as saveCatalogItemHandler } from '../../handlers/catalogue/save-catalog-item';
import { CALLABLE_OPTIONS, requireAdmin, runCallable } from '../callable';

/** `saveCatalogItem`: admins create, edit and delete catalogue items, each change audited. */
export const saveCatalogItem = onCall(CALLABLE_OPTIONS, (request): Promise<{ id: string }> =>
  runCallable('saveCatalogItem', request, async () => {
    const caller = requireAdmin(request);
    const input = parseInput(saveCatalogItemInput, request.data);
    const { id } = await saveCatalogItemHandler(
      { db: adminDatabase(), now: Date.now },
      { by: caller.uid, ...input },
    );
    return { id };
  }),
);
