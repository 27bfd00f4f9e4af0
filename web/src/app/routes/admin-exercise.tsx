import {
  AuditLink,
  CatalogEditor,
  exercisesConfig,
  firebaseAdminCatalogApi,
} from '../../features/admin-catalog';

/** Admin excersises: the class types. */
export default function AdminExercisePage() {
  return (
    <>
      <CatalogEditor api={firebaseAdminCatalogApi} config={exercisesConfig} />
      <AuditLink />
    </>
  );
}
