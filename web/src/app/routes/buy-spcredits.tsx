import { paths } from '../../config/paths';
import { BuyRoutePage } from '../purchase-pages';

export default function BuySpCreditsPage() {
  return <BuyRoutePage route={paths.buySpCredits} tab="spcredits" />;
}
