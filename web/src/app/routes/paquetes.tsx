import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function PaquetesPage() {
  return <RoutePlaceholder route={paths.paquetes} />;
}
