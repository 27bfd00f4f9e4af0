// The import wizard (docs/architecture/import.md): its steps as pure functions and its backend.
export type { AdminImportApi } from './api/admin-import-api';
export { firebaseAdminImportApi } from './api/firebase-admin-import-api';
export * from './wizard';
export { AdminImport } from './components/admin-import';
