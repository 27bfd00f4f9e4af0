import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function WaitlistPage() {
  return <RoutePlaceholder route={paths.waitlist} />;
}
