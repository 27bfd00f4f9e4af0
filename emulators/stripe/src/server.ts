import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { billingPortalRoutes } from './api/billing-portal';
import { catalogRoutes } from './api/catalog';
import { checkoutSessionRoutes } from './api/checkout-sessions';
import { customerRoutes } from './api/customers';
import { eventRoutes } from './api/events';
import { invoiceRoutes } from './api/invoices';
import { paymentRoutes } from './api/payments';
import type { Route } from './api/route';
import { matchRoute } from './api/route';
import { subscriptionRoutes } from './api/subscriptions';
import { subscriptionScheduleRoutes } from './api/subscription-schedules';
import { checkoutPage, messagePage, receiptPage } from './checkout/page';
import type { ControlContext } from './control/routes';
import { controlRoutes } from './control/routes';
import { completeSession, expireIfDue } from './flows/checkout';
import type { PortalAction } from './flows/portal';
import { applyPortalAction, portalSubscription, updateCard } from './flows/portal';
import { planOptions, sessionConfiguration, switchPlan } from './flows/portal-configurations';
import { scheduledChange } from './flows/schedules';
import { portalPage } from './portal/page';
import { ApiError, unrecognizedUrl } from './http/errors';
import type { FormHash } from './http/form';
import { parseForm } from './http/form';
import { IdempotencyCache, fingerprint } from './http/idempotency';
import { newId, setClockOffset } from './objects/ids';
import { API_VERSION } from './objects/types';
import { EventBatch } from './state/events';
import type { EventOrigin } from './state/events';
import { Store } from './state/store';
import type { RetryPolicy, SandboxEvent } from './webhooks/delivery';
import { WebhookDeliverer } from './webhooks/delivery';

export interface ServerOptions {
  host: string;
  port: number;
  webhookUrl: string | undefined;
  webhookSecret: string;
  apiKey: string | undefined;
  retry: RetryPolicy;
  log: (line: string) => void;
}

const API_ROUTES: readonly Route[] = [
  ...customerRoutes,
  ...checkoutSessionRoutes,
  ...subscriptionRoutes,
  ...invoiceRoutes,
  ...paymentRoutes,
  ...eventRoutes,
  ...billingPortalRoutes,
  ...catalogRoutes,
  ...subscriptionScheduleRoutes,
];

const MAX_BODY_BYTES = 1_000_000;
/** How often open checkout sessions are checked for `expires_at` while nobody calls. */
const EXPIRY_SWEEP_MS = 30_000;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new ApiError(413, 'invalid_request_error', 'Request body is too large.'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(
  res: ServerResponse,
  status: number,
  contentType: string,
  body: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'Content-Type': contentType,
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-cache, no-store',
    ...headers,
  });
  res.end(body);
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  send(res, status, 'application/json', `${JSON.stringify(body, null, 2)}\n`, headers);
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  send(res, status, 'text/html; charset=utf-8', html);
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { Location: location, 'Content-Length': '0' });
  res.end();
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The host to put in URLs: a wildcard bind address is reached through loopback. */
function publicHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/** The API key from `Authorization: Bearer sk_test_…` (or Basic auth with the key as user). */
function apiKeyOf(req: IncomingMessage): string | undefined {
  const authorization = header(req, 'authorization');
  if (authorization === undefined) return undefined;
  const [scheme = '', value = ''] = authorization.trim().split(/\s+/, 2);
  if (scheme.toLowerCase() === 'bearer') return value;
  if (scheme.toLowerCase() === 'basic') {
    return Buffer.from(value, 'base64').toString('utf8').split(':')[0];
  }
  return undefined;
}

function maskKey(key: string): string {
  return key.length <= 12
    ? key
    : `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}`;
}

/** The sandbox's HTTP server: Stripe API under `/v1`, hosted checkout, and `/_sandbox` control. */
export class SandboxServer {
  readonly store = new Store();
  readonly deliverer: WebhookDeliverer;
  private readonly idempotency = new IdempotencyCache();
  private readonly server: Server;
  private webhookUrl: string | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: ServerOptions) {
    this.webhookUrl = options.webhookUrl;
    this.deliverer = new WebhookDeliverer({
      secret: options.webhookSecret,
      retry: options.retry,
      log: options.log,
    });
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        options.log(
          `internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
        if (!res.headersSent) {
          sendJson(
            res,
            500,
            new ApiError(500, 'api_error', 'The sandbox hit an internal error.').toJSON(),
          );
        } else {
          res.destroy();
        }
      });
    });
  }

  listen(): Promise<{ port: number; url: string }> {
    return new Promise((resolve, reject) => {
      const onError = (error: Error): void => reject(error);
      this.server.once('error', onError);
      this.server.listen(this.options.port, this.options.host, () => {
        this.server.off('error', onError);
        const { port } = this.server.address() as AddressInfo;
        const url = `http://${publicHost(this.options.host)}:${port}`;
        this.store.baseUrl = url;
        this.sweepTimer = setInterval(() => this.sweepExpired(), EXPIRY_SWEEP_MS);
        this.sweepTimer.unref();
        resolve({ port, url });
      });
    });
  }

  async stop(): Promise<void> {
    clearInterval(this.sweepTimer);
    this.deliverer.stop();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  setWebhookUrl(url: string | undefined): void {
    this.webhookUrl = url;
  }

  events(since = 0): SandboxEvent[] {
    return this.store.events
      .all()
      .slice(since)
      .map((event) => ({
        id: event.id,
        type: event.type,
        created: event.created,
        event: structuredClone(event),
        deliveries: structuredClone(this.deliverer.deliveriesOf(event.id)),
      }));
  }

  reset(): void {
    this.store.reset();
    this.idempotency.clear();
    this.deliverer.reset();
    setClockOffset(0);
  }

  private batch(origin: EventOrigin): EventBatch {
    return new EventBatch(origin, this.webhookUrl === undefined ? 0 : 1);
  }

  /** Records a state change's events and queues them for the webhook (each event once). */
  private commit(batch: EventBatch): void {
    const events = batch.events.splice(0);
    for (const event of events) this.store.events.add(event);
    this.deliverer.enqueue(events, this.webhookUrl);
  }

  private sweepExpired(): void {
    const batch = this.batch({ requestId: null, idempotencyKey: null });
    for (const session of this.store.sessions.all()) expireIfDue(this.store, batch, session);
    this.commit(batch);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const method = (req.method ?? 'GET').toUpperCase();
    this.sweepExpired();
    if (url.pathname.startsWith('/v1/')) return this.handleApi(req, res, method, url);
    if (url.pathname.startsWith('/_sandbox/')) return this.handleControl(req, res, method, url);
    if (url.pathname.startsWith('/portal/')) return this.handlePortal(req, res, method, url);
    if (url.pathname.startsWith('/checkout/') || url.pathname.startsWith('/receipts/')) {
      return this.handlePages(req, res, method, url);
    }
    if (url.pathname === '/' && method === 'GET') {
      sendJson(res, 200, {
        sandbox: 'stripe',
        api_version: API_VERSION,
        api: `${this.store.baseUrl}/v1`,
        control: `${this.store.baseUrl}/_sandbox`,
      });
      return;
    }
    sendJson(res, 404, unrecognizedUrl(method, url.pathname).toJSON());
  }

  private authenticate(req: IncomingMessage): string {
    const key = apiKeyOf(req);
    if (key === undefined || key === '') {
      throw new ApiError(
        401,
        'authentication_error',
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      );
    }
    const accepted =
      this.options.apiKey === undefined ? key.startsWith('sk_test_') : key === this.options.apiKey;
    if (!accepted) {
      throw new ApiError(401, 'authentication_error', `Invalid API Key provided: ${maskKey(key)}`);
    }
    return key;
  }

  private async handleApi(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    url: URL,
  ): Promise<void> {
    const requestId = newId('req');
    const idempotencyKey = method === 'POST' ? header(req, 'idempotency-key') : undefined;
    const headers: Record<string, string> = {
      'Request-Id': requestId,
      'Stripe-Version': API_VERSION,
    };
    if (idempotencyKey !== undefined) headers['Idempotency-Key'] = idempotencyKey;
    const reply = (status: number, body: unknown): void => {
      this.options.log(`${method} ${url.pathname} → ${status}`);
      sendJson(res, status, body, headers);
    };

    let scope: string;
    let form: FormHash;
    try {
      scope = this.authenticate(req);
      const body = method === 'GET' ? '' : await readBody(req);
      const query = url.search.slice(1);
      form = parseForm(method === 'POST' ? body : [query, body].filter(Boolean).join('&'));
    } catch (error) {
      if (error instanceof ApiError) return reply(error.status, error.toJSON());
      throw error;
    }

    const endpoint = `${method} ${url.pathname}`;
    const params = fingerprint(form);
    const save = (status: number, body: unknown): void => {
      if (idempotencyKey === undefined) return;
      this.idempotency.save(scope, idempotencyKey, endpoint, params, {
        status,
        body: `${JSON.stringify(body, null, 2)}\n`,
      });
    };

    // A flow can change state and emit before refusing (an open session found expired), so
    // whatever was emitted is committed even when the request fails.
    const batch = this.batch({ requestId, idempotencyKey: idempotencyKey ?? null });
    try {
      const match = matchRoute(API_ROUTES, method, url.pathname);
      if (match === null) throw unrecognizedUrl(method, url.pathname);
      if (idempotencyKey !== undefined) {
        const saved = this.idempotency.lookup(scope, idempotencyKey, endpoint, params);
        if (saved !== null) {
          this.options.log(`${method} ${url.pathname} → ${saved.status} (idempotent replay)`);
          send(res, saved.status, 'application/json', saved.body, {
            ...headers,
            'Idempotent-Replayed': 'true',
          });
          return;
        }
      }
      const result = match.route.handle({ store: this.store, form, ids: match.ids, batch });
      this.commit(batch);
      save(200, result);
      reply(200, result);
    } catch (error) {
      this.commit(batch);
      if (!(error instanceof ApiError)) throw error;
      if (!error.validation) save(error.status, error.toJSON());
      reply(error.status, error.toJSON());
    }
  }

  private controlContext(): ControlContext {
    return {
      store: this.store,
      deliverer: this.deliverer,
      webhookUrl: () => this.webhookUrl,
      setWebhookUrl: (url) => this.setWebhookUrl(url),
      events: () => this.events(),
      reset: () => this.reset(),
    };
  }

  private async handleControl(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    url: URL,
  ): Promise<void> {
    const batch = this.batch({ requestId: null, idempotencyKey: null });
    try {
      const raw = method === 'POST' ? await readBody(req) : '';
      let body: Record<string, unknown> = {};
      if (raw.trim() !== '') {
        if ((header(req, 'content-type') ?? '').includes('json')) {
          let parsed: unknown;
          try {
            parsed = JSON.parse(raw);
          } catch {
            throw new ApiError(400, 'invalid_request_error', 'The body is not valid JSON.');
          }
          if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
            throw new ApiError(400, 'invalid_request_error', 'The body must be a JSON object.');
          }
          body = parsed as Record<string, unknown>;
        } else {
          body = parseForm(raw);
        }
      }
      const match = matchRoute(controlRoutes, method, url.pathname);
      if (match === null) throw unrecognizedUrl(method, url.pathname);
      const result = match.route.handle({
        ctx: this.controlContext(),
        body,
        query: url.searchParams,
        ids: match.ids,
        batch,
      });
      this.commit(batch);
      this.options.log(`${method} ${url.pathname} → 200`);
      sendJson(res, 200, result);
    } catch (error) {
      this.commit(batch);
      if (!(error instanceof ApiError)) throw error;
      this.options.log(`${method} ${url.pathname} → ${error.status}`);
      sendJson(res, error.status, error.toJSON());
    }
  }

  private async handlePages(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    url: URL,
  ): Promise<void> {
    const [, section = '', rawId = '', action = ''] = url.pathname.split('/');
    let id: string;
    try {
      id = decodeURIComponent(rawId);
    } catch {
      id = rawId;
    }
    if (section === 'receipts') {
      const charge = this.store.charges.find(id);
      if (method !== 'GET' || charge === undefined) {
        return sendHtml(res, 404, messagePage('Not found', 'There is no receipt at this address.'));
      }
      return sendHtml(res, 200, receiptPage(charge));
    }
    const session = this.store.sessions.find(id);
    if (session === undefined) {
      return sendHtml(
        res,
        404,
        messagePage('Not found', 'There is no checkout session at this address.'),
      );
    }

    if (method === 'GET' && action === '') {
      if (session.status === 'open') {
        const setup = this.store.sessionSetups.get(session.id);
        const customer =
          session.customer === null ? undefined : this.store.customers.find(session.customer);
        const email =
          session.customer_email ?? (customer && 'email' in customer ? customer.email : null);
        return sendHtml(res, 200, checkoutPage(session, setup?.lineItems ?? [], email));
      }
      if (session.status === 'complete') {
        const link =
          session.success_url === null
            ? undefined
            : { href: this.successUrl(session.id, session.success_url), text: 'Continue' };
        return sendHtml(
          res,
          200,
          messagePage('Payment complete', 'This checkout session has been paid.', link),
        );
      }
      return sendHtml(
        res,
        410,
        messagePage(
          'Checkout expired',
          'This checkout session has expired and can no longer be paid.',
        ),
      );
    }

    if (method === 'POST' && action === 'pay') {
      const form = parseForm(await readBody(req));
      const batch = this.batch({ requestId: null, idempotencyKey: null });
      try {
        completeSession(this.store, batch, session, {
          email: typeof form.email === 'string' && form.email !== '' ? form.email : null,
          name: typeof form.name === 'string' && form.name !== '' ? form.name : null,
        });
      } catch (error) {
        this.commit(batch);
        if (!(error instanceof ApiError)) throw error;
        return sendHtml(res, 409, messagePage('Cannot pay', error.message));
      }
      this.commit(batch);
      this.options.log(`checkout ${session.id} paid`);
      if (session.success_url === null) {
        return sendHtml(
          res,
          200,
          messagePage('Payment complete', 'Thank you. You can close this page.'),
        );
      }
      return redirect(res, this.successUrl(session.id, session.success_url));
    }

    if (method === 'POST' && action === 'cancel') {
      await readBody(req);
      if (session.cancel_url === null) {
        return sendHtml(
          res,
          200,
          messagePage('Checkout canceled', 'No payment was made. You can close this page.'),
        );
      }
      return redirect(res, session.cancel_url);
    }
    return sendHtml(res, 404, messagePage('Not found', 'There is nothing at this address.'));
  }

  /**
   * The customer portal: `GET /portal/<bps_id>` shows it; `POST …/subscriptions/<sub>/cancel |
   * resume | cancel_now`, `POST …/subscriptions/<sub>/update` (`price`: a plan switch the
   * session's configuration allows) and `POST …/card` act and redirect back (303), or show the
   * page again with the error (400).
   */
  private async handlePortal(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    url: URL,
  ): Promise<void> {
    const [, , rawId = '', ...rest] = url.pathname.split('/');
    const session = this.store.portalSessions.find(decodeURIComponent(rawId));
    if (session === undefined) {
      return sendHtml(res, 404, messagePage('Not found', 'There is no portal session here.'));
    }
    const configuration = sessionConfiguration(this.store, session.configuration);
    const view = (alert?: string): string =>
      portalPage({
        session,
        subscriptions: this.store.subscriptions
          .newestFirst()
          .filter((subscription) => subscription.customer === session.customer)
          .map((subscription) => ({
            subscription,
            name:
              this.store.products.find(subscription.items.data[0]?.price.product ?? '')?.name ??
              'Subscription',
            options: planOptions(this.store, configuration, subscription),
            scheduled: scheduledChange(this.store, subscription),
          })),
        invoices: this.store.invoices
          .newestFirst()
          .filter((invoice) => invoice.customer === session.customer && invoice.status !== 'draft'),
        card: this.store.cards.get(session.customer),
        ...(alert === undefined ? {} : { alert }),
      });
    if (method === 'GET' && rest.length === 0) return sendHtml(res, 200, view());
    if (method !== 'POST') {
      return sendHtml(res, 404, messagePage('Not found', 'There is nothing at this address.'));
    }
    const form = parseForm(await readBody(req));
    const batch = this.batch({ requestId: null, idempotencyKey: null });
    try {
      const [kind = '', subscriptionId = '', action = ''] = rest;
      if (kind === 'card' && subscriptionId === '') {
        updateCard(
          this.store,
          batch,
          session.customer,
          typeof form.number === 'string' ? form.number : '',
        );
      } else if (
        kind === 'subscriptions' &&
        (action === 'cancel' || action === 'resume' || action === 'cancel_now')
      ) {
        const subscription = portalSubscription(
          this.store,
          session,
          decodeURIComponent(subscriptionId),
        );
        applyPortalAction(batch, subscription, action satisfies PortalAction);
      } else if (kind === 'subscriptions' && action === 'update') {
        const subscription = portalSubscription(
          this.store,
          session,
          decodeURIComponent(subscriptionId),
        );
        switchPlan(
          this.store,
          batch,
          configuration,
          subscription,
          typeof form.price === 'string' ? form.price : '',
        );
      } else {
        return sendHtml(res, 404, messagePage('Not found', 'There is nothing at this address.'));
      }
    } catch (error) {
      this.commit(batch);
      if (!(error instanceof ApiError)) throw error;
      return sendHtml(res, 400, view(error.message));
    }
    this.commit(batch);
    this.options.log(`portal ${session.id}: ${rest.join('/')}`);
    return redirect(res, `/portal/${encodeURIComponent(session.id)}`);
  }

  private successUrl(sessionId: string, template: string): string {
    return template.replaceAll('{CHECKOUT_SESSION_ID}', sessionId);
  }
}
