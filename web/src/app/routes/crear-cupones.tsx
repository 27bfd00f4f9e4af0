import {
  AuditLink,
  CatalogEditor,
  CouponRedemptions,
  couponsConfig,
  firebaseAdminCatalogApi,
} from '../../features/admin-catalog';

/** Add coupons: code, discount, what it applies to, validity and limits; who used them. */
export default function CrearCuponesPage() {
  return (
    <>
      <CatalogEditor api={firebaseAdminCatalogApi} config={couponsConfig} />
      <CouponRedemptions api={firebaseAdminCatalogApi} />
      <AuditLink />
    </>
  );
}
