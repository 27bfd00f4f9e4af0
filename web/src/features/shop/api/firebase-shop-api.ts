import { paths, settingsFromStored } from '@studio/core';
import { readPath, watchPath } from '../../../lib/realtime';
import type { ShopApi } from './shop-api';

export const firebaseShopApi: ShopApi = {
  watchShop: (onChange) => watchPath(paths.shop(), onChange),
  getCurrency: async () => settingsFromStored(await readPath(paths.settings())).currency,
};
