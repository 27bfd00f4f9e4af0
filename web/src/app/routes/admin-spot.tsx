import { AuditLink } from '../../features/admin-catalog';
import { firebaseSeatLayoutsApi, SeatLayoutEditor } from '../../features/admin-spots';

const systemNow = (): number => Date.now();

/** Admin seats: the seat layouts classes are booked on (referenced by id). */
export default function AdminSpotPage() {
  return (
    <>
      <SeatLayoutEditor api={firebaseSeatLayoutsApi} now={systemNow} />
      <AuditLink />
    </>
  );
}
