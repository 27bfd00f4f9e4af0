import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function ContactoPage() {
  return <RoutePlaceholder route={paths.contacto} />;
}
