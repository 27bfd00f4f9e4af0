import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function SobreNosotrosPage() {
  return <RoutePlaceholder route={paths.sobreNosotros} />;
}
