import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function ListaPagosPage() {
  return <RoutePlaceholder route={paths.listaPagos} />;
}
