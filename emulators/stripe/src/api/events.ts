import { pagination, params, str } from '../http/params';
import { paginate, render, renderList } from '../state/render';
import type { Route } from './route';

const retrieveParams = params({});
const listParams = params({ ...pagination, type: str() });

/** `type=invoice.*` matches a family of events, as in Stripe. */
function matchesType(type: string, pattern: string | null | undefined): boolean {
  if (pattern == null) return true;
  if (pattern.endsWith('.*')) return type.startsWith(pattern.slice(0, -1));
  return type === pattern;
}

export const eventRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/events/:id',
    handle: ({ store, form, ids }) => {
      const input = retrieveParams(form);
      return render(store, store.events.get(ids.id ?? ''), input.expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/events',
    handle: ({ store, form }) => {
      const input = listParams(form);
      const events = store.events
        .newestFirst()
        .filter((event) => matchesType(event.type, input.type));
      return renderList(store, paginate(events, input, '/v1/events'), input.expand);
    },
  },
];
