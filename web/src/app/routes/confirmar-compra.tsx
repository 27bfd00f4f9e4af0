import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function ConfirmarCompraPage() {
  return <RoutePlaceholder route={paths.confirmarCompra} />;
}
