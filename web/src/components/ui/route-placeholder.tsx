import type { RouteDef } from '../../config/paths';
import { paramNames, useRouteParams } from '../../hooks/use-route-params';
import { useT } from '../../lib/i18n';

/** A screen whose content is not built yet: its route name and the parameters it was opened with. */
export function RoutePlaceholder({ route }: { route: RouteDef }) {
  const t = useT();
  const params = useRouteParams(route);
  const names = paramNames(route.pattern);
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{route.name}</h1>
      {names.length > 0 && (
        <dl className="route-params" aria-label={t('routeParams')}>
          {names.map((name) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{params[name] ?? '—'}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
