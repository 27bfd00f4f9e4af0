import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function CartPage() {
  return <RoutePlaceholder route={paths.cart} />;
}
