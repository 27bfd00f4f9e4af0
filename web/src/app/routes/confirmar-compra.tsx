import { paths } from '../../config/paths';
import { CartRoutePage } from '../purchase-pages';

export default function ConfirmarCompraPage() {
  return <CartRoutePage route={paths.confirmarCompra} />;
}
