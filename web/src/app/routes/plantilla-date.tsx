import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function PlantillaDatePage() {
  return <RoutePlaceholder route={paths.plantillaDate} />;
}
