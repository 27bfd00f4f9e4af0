import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function AdminSuscripcionPricePage() {
  return <RoutePlaceholder route={paths.adminSuscripcionPrice} />;
}
