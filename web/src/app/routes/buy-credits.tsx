import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function BuyCreditsPage() {
  return <RoutePlaceholder route={paths.buyCredits} />;
}
