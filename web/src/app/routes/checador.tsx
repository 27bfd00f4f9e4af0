import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function ChecadorPage() {
  return <RoutePlaceholder route={paths.checador} />;
}
