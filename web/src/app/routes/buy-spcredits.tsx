import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function BuySpcreditsPage() {
  return <RoutePlaceholder route={paths.buySpCredits} />;
}
