import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function MisComprasPage() {
  return <RoutePlaceholder route={paths.misCompras} />;
}
