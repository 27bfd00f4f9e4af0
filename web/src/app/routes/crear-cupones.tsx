import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function CrearCuponesPage() {
  return <RoutePlaceholder route={paths.crearCupones} />;
}
