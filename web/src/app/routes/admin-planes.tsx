import { PlansAdmin, firebasePlansAdminApi, firebasePlansApi } from '../../features/plans';

/** Plans: the catalogue, a studio-wide freeze, freezes and commitments ending (docs/architecture/plans.md). */
export default function AdminPlanesPage() {
  return <PlansAdmin api={firebasePlansApi} admin={firebasePlansAdminApi} />;
}
