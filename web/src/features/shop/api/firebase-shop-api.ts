import { paths, settingsFromStored } from '@studio/core';
import { readPath, watchPath } from '../../../lib/realtime';
import type { ShopApi } from './shop-api';

export const firebaseShopApi: ShopApi = {
  watchShop: (onChange) => watchPath(paths.shop(), onChange, undefined, { readers: 'anyone' }),
  getCurrency: async () => settingsFromStored(await readPath(paths.settings(), 'anyone')).currency,
};
