import type { ComponentProps } from 'react';
import { AuditLink, CatalogEditor, firebaseAdminCatalogApi } from '../features/admin-catalog';

type CatalogConfig = ComponentProps<typeof CatalogEditor>['config'];

/** The page of one admin catalogue (its editor, then the link to the audit log), for its route. */
export function catalogRoute(config: CatalogConfig) {
  return function CatalogPage() {
    return (
      <>
        <CatalogEditor api={firebaseAdminCatalogApi} config={config} />
        <AuditLink />
      </>
    );
  };
}
