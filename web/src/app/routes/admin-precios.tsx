import {
  AuditLink,
  CatalogEditor,
  ShopProductForm,
  creditPackagesConfig,
  firebaseAdminCatalogApi,
  SingleClassPriceLink,
  TrainPackagesLink,
} from '../../features/admin-catalog';
import { AdminOnly } from '../admin-only';

/** Admin packages: credit packages (credits, price, validity) and the shop's products. */
export default function AdminPreciosPage() {
  return (
    <AdminOnly title="menuAdminPackages">
      <CatalogEditor api={firebaseAdminCatalogApi} config={creditPackagesConfig} />
      <ShopProductForm api={firebaseAdminCatalogApi} level={2} />
      <SingleClassPriceLink />
      <TrainPackagesLink />
      <AuditLink />
    </AdminOnly>
  );
}
