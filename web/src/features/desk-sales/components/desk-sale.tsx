import type { Package, Payment, Plan } from '@studio/core';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { callableErrorText } from '../../../lib/callable-errors';
import type { ErrorText } from '../../../lib/callable-errors';
import { useFormat } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import type { Translate } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import type { DeskSalesApi } from '../api/desk-sales-api';
import {
  cashPayments,
  cashSaleInput,
  deskCheckoutInput,
  foundMembers,
  newRequestId,
  paymentName,
  saleOptions,
} from '../desk-sales';
import type { FoundMember, SaleGroup, SaleOption } from '../desk-sales';
import { deskSalesMessages } from '../desk-sales-messages';
import type { DeskSalesKey } from '../desk-sales-messages';
import { MemberFinder } from './member-finder';
import { RefundDialog } from './refund-dialog';
import './desk-sales.css';

export type SaleMethod = 'cash' | 'here' | 'link';

/** Where the desk came back to from a card payment on its own device. */
export interface CardReturn {
  member: string;
  session: string;
}

export interface DeskSaleProps {
  api: DeskSalesApi;
  /** Draws a QR code (the desk's encoder, composed in by the route). */
  renderQr: (text: string, label: string) => ReactNode;
  /** This app's origin: Stripe sends the payer back to it. */
  origin: string;
  /** This screen's path, for Stripe's return to the desk. */
  screenPath: string;
  /** The member's own thank-you page, for a payment made on their phone. */
  thanksPath: string;
  /** Leaves the app for Stripe's checkout page (on the desk's device). */
  openUrl: (url: string) => void;
  /** Back from a card payment made here: whose and which. */
  returned?: CardReturn | null;
  /**
   * The branch this desk sells for, recorded on the payment (a branch manager's payments and
   * their branch's figures count it): the manager's own branch, or the site's.
   */
  branch?: string;
  now?: () => number;
  newId?: () => string;
}

type Outcome =
  | { kind: 'cash'; member: FoundMember; option: SaleOption; credits: number }
  | { kind: 'link'; member: FoundMember; option: SaleOption; url: string; sessionId: string };

const GROUP_KEYS: Readonly<Record<SaleGroup, DeskSalesKey>> = {
  packs: 'groupPacks',
  events: 'groupEvents',
  train: 'groupTrain',
  plans: 'groupPlans',
};

const STATUS: Readonly<
  Record<Payment['status'], { key: DeskSalesKey; tone: 'success' | 'neutral' | 'warning' }>
> = {
  paid: { key: 'statusPaid', tone: 'success' },
  refunded: { key: 'statusRefunded', tone: 'neutral' },
  'partially-refunded': { key: 'statusRefunded', tone: 'neutral' },
  pending: { key: 'statusPending', tone: 'warning' },
  failed: { key: 'statusPending', tone: 'warning' },
  expired: { key: 'statusPending', tone: 'warning' },
};

const METHODS: readonly { value: SaleMethod; label: DeskSalesKey; hint: DeskSalesKey }[] = [
  { value: 'cash', label: 'payCash', hint: 'payCashHint' },
  { value: 'here', label: 'payCard', hint: 'payCardHint' },
  { value: 'link', label: 'payLink', hint: 'payLinkHint' },
];

const NO_PACKAGES: Record<string, Package> = {};
const NO_PLANS: Record<string, Plan> = {};

function optionDetail(st: Translate<DeskSalesKey>, option: SaleOption): string {
  const parts: string[] = [];
  if (option.credits !== undefined) parts.push(st('creditsCount', { count: option.credits }));
  if (option.interval !== undefined)
    parts.push(st('planEvery', { interval: st(`interval_${option.interval}`) }));
  return parts.join(' · ');
}

/**
 * The desk's sale: find the member, choose a pack or a plan from the catalogue, take the payment
 * (cash recorded at once; a card on this device through Stripe Checkout, or on the member's phone
 * from the QR code shown here), and say what happened in words with the amount. The member's
 * cash sales are listed below, each refundable.
 */
export function DeskSale({
  api,
  renderQr,
  origin,
  screenPath,
  thanksPath,
  openUrl,
  returned = null,
  branch,
  now = Date.now,
  newId = newRequestId,
}: DeskSaleProps) {
  const atBranch = branch === undefined ? {} : { branch };
  const t = useT();
  const st = useT(deskSalesMessages);
  const format = useFormat(now);
  const itemsId = useId();
  const [chosen, setChosen] = useState<FoundMember | null>(null);
  const [optionKey, setOptionKey] = useState<string | null>(null);
  const [method, setMethod] = useState<SaleMethod>('cash');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ErrorText | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [refunding, setRefunding] = useState<{ id: string; payment: Payment } | null>(null);
  const [refunded, setRefunded] = useState<string | null>(null);
  // One request id per sale: a second tap on the same sale finds the first one's record.
  const [requestId, setRequestId] = useState(newId);

  const packages = useLive((onChange) => api.watchPackages(onChange), NO_PACKAGES, [api]);
  const plans = useLive((onChange) => api.watchPlans(onChange), NO_PLANS, [api]);
  const options = saleOptions(packages, plans);
  const option = options.find((entry) => entry.key === optionKey) ?? null;

  // Back from a card payment made here: the member from the address, until another is chosen.
  const returnedEntry = useLive<unknown>(
    returned && chosen === null
      ? (onChange) => api.watchDirectoryEntry(returned.member, onChange)
      : null,
    undefined,
    [api, returned?.member, chosen === null],
  );
  const returnedMember =
    returned && returnedEntry !== undefined
      ? foundMembers({ [returned.member]: returnedEntry })[0]
      : undefined;
  const member = chosen ?? returnedMember ?? null;

  const payments = useLive<Record<string, Payment> | null>(
    member ? (onChange) => api.watchPayments(member.uid, onChange) : null,
    null,
    [api, member?.uid],
  );
  const cardSession =
    outcome?.kind === 'link'
      ? outcome.sessionId
      : chosen === null && returned
        ? returned.session
        : null;
  const cardPayment = cardSession && payments ? payments[cardSession] : undefined;

  const reset = () => {
    setOutcome(null);
    setFailure(null);
    setRefunded(null);
    setRequestId(newId());
  };
  const choose = (next: FoundMember | null) => {
    setChosen(next);
    reset();
  };

  const sell = async () => {
    if (!member || !option) return;
    setBusy(true);
    setFailure(null);
    setRefunded(null);
    try {
      if (method === 'cash') {
        const sold = await api.recordCashSale({
          ...cashSaleInput(member.uid, option, requestId),
          ...atBranch,
        });
        setOutcome({ kind: 'cash', member, option, credits: sold.credits });
        setOptionKey(null);
        setRequestId(newId());
      } else {
        const back = `${origin}${screenPath}`;
        const successUrl =
          method === 'here'
            ? `${back}?member=${encodeURIComponent(member.uid)}&session={CHECKOUT_SESSION_ID}`
            : `${origin}${thanksPath}?session_id={CHECKOUT_SESSION_ID}`;
        const opened = await api.createDeskCheckout({
          ...deskCheckoutInput(member.uid, option, method, { successUrl, cancelUrl: back }),
          ...atBranch,
        });
        if (method === 'here') openUrl(opened.url);
        else setOutcome({ kind: 'link', member, option, ...opened });
      }
    } catch (error) {
      setFailure(callableErrorText(error));
    } finally {
      setBusy(false);
    }
  };

  const money = (option: { price: number; currency: string }) =>
    format.money(option.price, option.currency);
  const memberName = (who: FoundMember) => who.name || who.email;
  const recent = payments ? cashPayments(payments) : null;
  const groups = [...new Set(options.map((entry) => entry.group))];

  return (
    <section aria-labelledby="desk-sale-title" className="admin-page desk-sale">
      <header className="ui-page-header">
        <h1 id="desk-sale-title">{st('saleTitle')}</h1>
        <p className="desk-muted">{st('saleIntro')}</p>
      </header>

      {outcome?.kind === 'cash' && (
        <div role="status" className="desk-outcome desk-outcome-ok">
          <p className="desk-outcome-main">
            {st('saleDone', {
              name: outcome.option.name,
              member: memberName(outcome.member),
              amount: money(outcome.option),
            })}
          </p>
          <p>
            {outcome.option.kind === 'plan'
              ? st('salePlan')
              : st('saleCredits', { count: outcome.credits })}{' '}
            {st('receiptSent')}
          </p>
        </div>
      )}
      {refunded && (
        <p role="status" className="desk-outcome desk-outcome-ok desk-outcome-main">
          {refunded}
        </p>
      )}
      {cardSession && (
        <div role="status" className="desk-outcome">
          {cardPayment?.status === 'paid' ? (
            <p className="desk-outcome-main">
              {st('cardPaid', {
                member: member ? memberName(member) : '',
                amount: format.money(cardPayment.amount, cardPayment.currency),
                name: paymentName(cardPayment),
              })}
            </p>
          ) : (
            <p>{outcome?.kind === 'link' ? st('linkWaiting') : st('cardReturned')}</p>
          )}
        </div>
      )}

      <div className="desk-sale-grid">
        <Card as="section" title={st('stepMember')} className="desk-step">
          {member ? (
            <div className="desk-chosen">
              <p className="desk-muted">{st('chosenMember')}</p>
              <p className="desk-chosen-name">{member.name || st('noName')}</p>
              <p className="desk-muted">
                {member.email}
                {member.phone && ` · ${member.phone}`}
              </p>
              <Button variant="secondary" size="s" onClick={() => choose(null)}>
                {st('changeMember')}
              </Button>
            </div>
          ) : (
            <MemberFinder api={api} onChoose={choose} />
          )}
        </Card>

        <Card as="section" title={st('stepItem')} className="desk-step">
          {options.length === 0 ? (
            <p>{packages === NO_PACKAGES ? st('catalogueLoading') : st('catalogueEmpty')}</p>
          ) : (
            groups.map((group) => (
              <fieldset key={group} className="desk-items">
                <legend>{st(GROUP_KEYS[group])}</legend>
                {options
                  .filter((entry) => entry.group === group)
                  .map((entry) => (
                    <label key={entry.key} className="desk-item">
                      <input
                        type="radio"
                        name={itemsId}
                        value={entry.key}
                        checked={entry.key === optionKey}
                        onChange={() => {
                          setOptionKey(entry.key);
                          setOutcome(null);
                          setFailure(null);
                        }}
                      />
                      <span className="desk-item-name">
                        <strong>{entry.name}</strong>
                        <span className="desk-muted">{optionDetail(st, entry)}</span>
                      </span>
                      <span className="desk-item-price">{money(entry)}</span>
                    </label>
                  ))}
              </fieldset>
            ))
          )}
        </Card>

        <Card as="section" title={st('stepPayment')} className="desk-step desk-pay">
          <fieldset className="desk-items">
            <legend>{st('payMethod')}</legend>
            {METHODS.map(({ value, label, hint }) => (
              <label key={value} className="desk-item desk-method">
                <input
                  type="radio"
                  name={`${itemsId}-method`}
                  value={value}
                  checked={value === method}
                  onChange={() => {
                    setMethod(value);
                    setFailure(null);
                  }}
                />
                <span className="desk-item-name">
                  <strong>{st(label)}</strong>
                  <span className="desk-muted">{st(hint)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <dl className="desk-total">
            <dt>{st('total')}</dt>
            <dd>{option ? money(option) : '—'}</dd>
          </dl>
          {!member || !option ? (
            <p className="desk-muted">{st('chooseFirst')}</p>
          ) : (
            <Button block size="l" busy={busy} onClick={() => void sell()}>
              {method === 'cash'
                ? st('cashConfirm', { amount: money(option) })
                : method === 'here'
                  ? st('cardConfirm')
                  : st('linkConfirm')}
            </Button>
          )}
          {failure && <p role="alert">{t(failure.key, failure.params)}</p>}
          {outcome?.kind === 'link' && (
            <div className="desk-link">
              <h3>{st('linkTitle')}</h3>
              {renderQr(outcome.url, st('linkAlt'))}
              <p className="desk-muted">{st('linkHint')}</p>
              <p>
                {outcome.option.name} · {money(outcome.option)}
              </p>
              <a href={outcome.url} target="_blank" rel="noreferrer noopener">
                {st('linkOpen')}
              </a>
            </div>
          )}
        </Card>
      </div>

      {member && (
        <Card as="section" title={st('recentTitle')} className="desk-recent">
          {recent === null ? (
            <p className="desk-muted">{st('searching')}</p>
          ) : recent.length === 0 ? (
            <p>{st('recentEmpty')}</p>
          ) : (
            <ul className="desk-recent-list">
              {recent.map(({ id, payment }) => (
                <li key={id} className="desk-recent-row">
                  <span>
                    {st('recentLine', {
                      name: paymentName(payment),
                      amount: format.money(payment.amount, payment.currency),
                      when: format.moment(payment.createdAt),
                    })}
                  </span>
                  <Badge tone={STATUS[payment.status].tone}>{st(STATUS[payment.status].key)}</Badge>
                  {payment.status === 'paid' && (
                    <Button
                      variant="secondary"
                      size="s"
                      aria-haspopup="dialog"
                      aria-label={`${st('refund')} ${paymentName(payment)}`}
                      onClick={() => {
                        setRefunded(null);
                        setRefunding({ id, payment });
                      }}
                    >
                      {st('refund')}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Card>
      )}
      {refunding && member && (
        <RefundDialog
          api={api}
          paymentId={refunding.id}
          payment={refunding.payment}
          onClose={() => setRefunding(null)}
          onDone={(taken) => {
            setRefunding(null);
            setOutcome(null);
            setRefunded(
              st('refundDone', {
                amount: format.money(refunding.payment.amount, refunding.payment.currency),
                member: memberName(member),
                taken,
              }),
            );
          }}
        />
      )}
    </section>
  );
}
