import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function ResetPasswordPage() {
  return <RoutePlaceholder route={paths.resetPassword} />;
}
