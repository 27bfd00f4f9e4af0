import { catalogPaths, isDomainError, parseInput, paths, saveCatalogItemInput } from '@studio/core';
import { CallableRefusal } from '../../../lib/callable-errors';
import { getFunctionsClient } from '../../../lib/firebase';
import { uploadPicture } from '../../../lib/pictures/upload';
import { readMemberContact } from '../../../lib/read-member-contact';
import { watchIndexedQuery } from '../../../lib/paged-query';
import { watchPath } from '../../../lib/realtime';
import type { AdminCatalogApi, SaveCatalogItemRequest, WatchedNode } from './admin-catalog-api';

const NODE_PATHS: Readonly<Record<WatchedNode, () => string>> = {
  // The catalogue collections the function saves, from the one table in core.
  ...catalogPaths.collection,
  suscriptionPrices: paths.suscriptionPrices,
  settings: paths.settings,
  studio: paths.studio,
  shop: paths.shop,
};

/**
 * The same request schema the function parses (docs/architecture/admin-and-audit.md#catalogue): a
 * bad request never leaves the app, and is refused the way the function would refuse it.
 */
function checked(request: SaveCatalogItemRequest): SaveCatalogItemRequest {
  try {
    return parseInput(saveCatalogItemInput, request);
  } catch (error) {
    if (isDomainError(error)) throw new CallableRefusal(error.code, error.messageKey, error.params);
    throw error;
  }
}

export const firebaseAdminCatalogApi: AdminCatalogApi = {
  watch: (node, onChange) => watchPath(NODE_PATHS[node](), onChange),
  watchAuditPage: watchIndexedQuery,
  watchRedemptionPage: watchIndexedQuery,
  readMember: readMemberContact,
  uploadPicture,
  save: async (request) => {
    // saveCatalogItem is not in core's callable table, so it is called untyped-by-name here.
    const [functions, { httpsCallable }] = await Promise.all([
      getFunctionsClient(),
      import('firebase/functions'),
    ]);
    const call = httpsCallable<SaveCatalogItemRequest, { id: string }>(
      functions,
      'saveCatalogItem',
    );
    return (await call(checked(request))).data;
  },
};
