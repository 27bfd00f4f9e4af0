import type { ComponentType, LazyExoticComponent } from 'react';
import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import type { RouteDef } from '../config/paths';
import { HOME_HREF, paths, routePatterns, TABS_ROOT } from '../config/paths';
import { NotFoundPage } from './not-found-page';
import { PageErrorBoundary } from './page-error-boundary';
import { PageLoading } from './page-loading';
// The start page (manifest start_url, where `/` leads) is part of the entry: a lazy page makes
// the first render show the spinner and reveal the page a round later
// (docs/decisions/103-start-page-in-the-entry.md).
import InicioPage from './routes/inicio';

export interface PageEntry {
  route: RouteDef;
  Page: ComponentType | LazyExoticComponent<ComponentType>;
}

/** Every screen of spec §2, each in its own chunk loaded when first opened (home aside). */
export const pages: readonly PageEntry[] = [
  { route: paths.inicio, Page: InicioPage },
  { route: paths.profileUser, Page: lazy(() => import('./routes/profile-user')) },
  { route: paths.cart, Page: lazy(() => import('./routes/cart')) },
  { route: paths.calendario, Page: lazy(() => import('./routes/calendario')) },
  { route: paths.paquetes, Page: lazy(() => import('./routes/paquetes')) },
  { route: paths.misCompras, Page: lazy(() => import('./routes/mis-compras')) },
  { route: paths.confirmarCompra, Page: lazy(() => import('./routes/confirmar-compra')) },
  { route: paths.realizarCompra, Page: lazy(() => import('./routes/realizar-compra')) },
  { route: paths.graciasCompra, Page: lazy(() => import('./routes/gracias-compra')) },
  { route: paths.buyCredits, Page: lazy(() => import('./routes/buy-credits')) },
  { route: paths.buySpCredits, Page: lazy(() => import('./routes/buy-spcredits')) },
  { route: paths.buyTrainCredits, Page: lazy(() => import('./routes/buy-train-credits')) },
  { route: paths.events, Page: lazy(() => import('./routes/events')) },
  { route: paths.waitlist, Page: lazy(() => import('./routes/waitlist')) },
  { route: paths.contacto, Page: lazy(() => import('./routes/contacto')) },
  { route: paths.sobreNosotros, Page: lazy(() => import('./routes/sobre-nosotros')) },
  { route: paths.coach, Page: lazy(() => import('./routes/coach')) },
  { route: paths.login, Page: lazy(() => import('./routes/login')) },
  { route: paths.registro, Page: lazy(() => import('./routes/registro')) },
  { route: paths.resetPassword, Page: lazy(() => import('./routes/reset-password')) },
  { route: paths.crearClases, Page: lazy(() => import('./routes/crear-clases')) },
  { route: paths.crearCupones, Page: lazy(() => import('./routes/crear-cupones')) },
  { route: paths.listaPagos, Page: lazy(() => import('./routes/lista-pagos')) },
  { route: paths.adminInsights, Page: lazy(() => import('./routes/admin-insights')) },
  { route: paths.adminClases, Page: lazy(() => import('./routes/admin-clases')) },
  { route: paths.adminPrecios, Page: lazy(() => import('./routes/admin-precios')) },
  { route: paths.adminPreciosEvents, Page: lazy(() => import('./routes/admin-precios-events')) },
  {
    route: paths.adminPrecioIndividual,
    Page: lazy(() => import('./routes/admin-precio-individual')),
  },
  { route: paths.adminExercise, Page: lazy(() => import('./routes/admin-exercise')) },
  { route: paths.adminCoach, Page: lazy(() => import('./routes/admin-coach')) },
  { route: paths.adminSpot, Page: lazy(() => import('./routes/admin-spot')) },
  { route: paths.adminSuscripcion, Page: lazy(() => import('./routes/admin-suscripcion')) },
  {
    route: paths.adminSuscripcionPrice,
    Page: lazy(() => import('./routes/admin-suscripcion-price')),
  },
  { route: paths.adminPreciosTrain, Page: lazy(() => import('./routes/admin-precios-train')) },
  { route: paths.adminAudit, Page: lazy(() => import('./routes/admin-audit')) },
  { route: paths.adminStudio, Page: lazy(() => import('./routes/admin-studio')) },
  { route: paths.adminMail, Page: lazy(() => import('./routes/admin-mail')) },
  { route: paths.adminListsClass, Page: lazy(() => import('./routes/admin-lists-class')) },
  { route: paths.allUsers, Page: lazy(() => import('./routes/all-users')) },
  { route: paths.userListClass, Page: lazy(() => import('./routes/user-list-class')) },
  { route: paths.plantillaDate, Page: lazy(() => import('./routes/plantilla-date')) },
  { route: paths.checador, Page: lazy(() => import('./routes/checador')) },
];

export function AppRoutes() {
  return (
    <PageErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        <Switch>
          <Route path="/">
            <Redirect to={HOME_HREF} replace />
          </Route>
          <Route path={TABS_ROOT}>
            <Redirect to={HOME_HREF} replace />
          </Route>
          {pages.flatMap(({ route, Page }) =>
            routePatterns(route).map((pattern) => (
              <Route key={pattern} path={pattern} component={Page} />
            )),
          )}
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </PageErrorBoundary>
  );
}
