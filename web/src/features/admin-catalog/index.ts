export type { AdminCatalogApi, SaveCatalogItemRequest } from './api/admin-catalog-api';
export { firebaseAdminCatalogApi } from './api/firebase-admin-catalog-api';
export { CatalogEditor } from './components/catalog-editor';
export { ShopProductForm } from './components/shop-product-form';
export { SuscriptionPriceForm } from './components/suscription-price-form';
export { AuditLog } from './components/audit-log';
export { adminMessages } from './admin-messages';
export {
  coachesConfig,
  couponsConfig,
  creditPackagesConfig,
  eventPackagesConfig,
  eventsConfig,
  exercisesConfig,
  singleClassConfig,
  trainPackagesConfig,
} from './catalog-configs';
export {
  AuditLink,
  SingleClassPriceLink,
  SubscribersLink,
  TrainPackagesLink,
} from './components/admin-links';
export { CouponRedemptions } from './components/coupon-redemptions';
