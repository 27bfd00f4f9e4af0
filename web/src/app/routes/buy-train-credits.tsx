import { paths } from '../../config/paths';
import { BuyRoutePage } from '../purchase-pages';

export default function BuyTrainCreditsPage() {
  return <BuyRoutePage route={paths.buyTrainCredits} tab="train-credits" />;
}
