import { paths } from '../../config/paths';
import { BuyRoutePage } from '../purchase-pages';

export default function BuyCreditsPage() {
  return <BuyRoutePage route={paths.buyCredits} tab="credits" />;
}
