import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function AdminPrecioIndividualPage() {
  return <RoutePlaceholder route={paths.adminPrecioIndividual} />;
}
