import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function RegistroPage() {
  return <RoutePlaceholder route={paths.registro} />;
}
