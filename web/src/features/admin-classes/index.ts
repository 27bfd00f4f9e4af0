export type { AdminClassesApi, ClassCatalog } from './api/admin-classes-api';
export { firebaseAdminClassesApi } from './api/firebase-admin-classes-api';
export { CreateClassesForm } from './components/create-classes-form';
export { TemplateEditor } from './components/template-editor';
export { AdminClassesList } from './components/admin-classes-list';
export { classesMessages } from './classes-messages';
