import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function BuyTrainCreditsPage() {
  return <RoutePlaceholder route={paths.buyTrainCredits} />;
}
