import { params, required, str } from '../http/params';
import { paramError } from '../http/errors';
import { createPortalSession } from '../flows/portal';
import { render } from '../state/render';
import type { Route } from './route';

const createParams = params({
  customer: required(str()),
  return_url: str({ max: 5000 }),
  locale: str({ max: 10 }),
  configuration: str(),
});

function checkUrl(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  try {
    new URL(value);
  } catch {
    throw paramError('return_url', 'Not a valid URL', 'url_invalid');
  }
  return value;
}

export const billingPortalRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/billing_portal/sessions',
    handle: ({ store, form }) => {
      const input = createParams(form);
      if (input.configuration != null && input.configuration !== 'bpc_sandbox_default') {
        throw paramError(
          'configuration',
          `No such configuration: '${input.configuration}'`,
          'resource_missing',
        );
      }
      const session = createPortalSession(store, {
        customer: input.customer,
        returnUrl: checkUrl(input.return_url),
        locale: input.locale ?? null,
      });
      return render(store, session, input.expand);
    },
  },
];
