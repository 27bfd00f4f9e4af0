import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function CrearClasesPage() {
  return <RoutePlaceholder route={paths.crearClases} />;
}
