import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function RealizarCompraPage() {
  return <RoutePlaceholder route={paths.realizarCompra} />;
}
