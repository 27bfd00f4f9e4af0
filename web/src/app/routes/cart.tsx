import { paths } from '../../config/paths';
import { CartRoutePage } from '../purchase-pages';

export default function CartPage() {
  return <CartRoutePage route={paths.cart} />;
}
