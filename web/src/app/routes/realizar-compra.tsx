import { paths } from '../../config/paths';
import { CartRoutePage } from '../purchase-pages';

export default function RealizarCompraPage() {
  return <CartRoutePage route={paths.realizarCompra} />;
}
