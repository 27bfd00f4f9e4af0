import { paths } from '../../config/paths';
import { EventList, firebasePurchasesApi } from '../../features/purchases';

const systemNow = (): number => Date.now();

export default function EventsPage() {
  return (
    <EventList
      api={firebasePurchasesApi}
      now={systemNow}
      packagesHref={paths.paquetes.getHref({ number: 1 })}
    />
  );
}
