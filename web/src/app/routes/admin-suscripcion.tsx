import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function AdminSuscripcionPage() {
  return <RoutePlaceholder route={paths.adminSuscripcion} />;
}
