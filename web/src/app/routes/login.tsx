import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function LoginPage() {
  return <RoutePlaceholder route={paths.login} />;
}
