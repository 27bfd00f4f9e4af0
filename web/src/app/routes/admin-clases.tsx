import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function AdminClasesPage() {
  return <RoutePlaceholder route={paths.adminClases} />;
}
