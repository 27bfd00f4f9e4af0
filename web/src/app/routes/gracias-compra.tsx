import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function GraciasCompraPage() {
  return <RoutePlaceholder route={paths.graciasCompra} />;
}
