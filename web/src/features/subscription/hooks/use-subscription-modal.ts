import { formatDate, SUBSCRIPTION_CREDITS, TIMINGS } from '@studio/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { showToast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { APP_STARTED_AT, untilAfterStart } from '../../../lib/app-start';
import { translate, useLangStore } from '../../../lib/i18n';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage';
import type { SubscriptionApi, SubscriptionOffer } from '../api/subscription-api';
import { isModalDue } from '../modal-schedule';
import { subscriptionMessages } from '../subscription-messages';

export interface SubscriptionModalOptions {
  api: SubscriptionApi;
  activeSubscription: boolean;
  /** The site host and branch the buy-credits route carries. */
  siteHost: string;
  branch: string;
  now: () => number;
  /** Another dialog (the waiver) comes first: a due modal waits until it is gone. */
  held?: boolean;
  /**
   * When the app started (lib/app-start.ts): the delays count from there, not from this hook's
   * mount, which comes with the session layer after the page's first answer.
   */
  startedAt?: number;
}

export interface SubscriptionModalState {
  open: boolean;
  offer: SubscriptionOffer | null;
  close: () => void;
  subscribe: () => void;
}

function toastAlreadySubscribed(): void {
  const lang = useLangStore.getState().lang;
  showToast(
    translate('alreadyHaveSubscription', lang, undefined, subscriptionMessages),
    TIMINGS.modalToastMs,
  );
}

/**
 * Prices are read once, 1 s after start; 5 s after start the modal opens if it
 * is due (never shown, or 7+ days ago) and records the date. A member who already subscribes
 * gets the toast 'You already have suscription' instead. Mounted later than the start, each
 * waits only what is left of its delay (at once when it has passed).
 */
export function useSubscriptionModal({
  api,
  activeSubscription,
  siteHost,
  branch,
  now,
  held = false,
  startedAt = APP_STARTED_AT,
}: SubscriptionModalOptions): SubscriptionModalState {
  const [, navigate] = useLocation();
  const [requested, setRequested] = useState(false);
  const [offer, setOffer] = useState<SubscriptionOffer | null>(null);
  const subscribed = useRef(activeSubscription);

  useEffect(() => {
    subscribed.current = activeSubscription;
  }, [activeSubscription]);

  useEffect(() => {
    let live = true;
    const delay = untilAfterStart(TIMINGS.priceLoadDelayMs, startedAt, now());
    const timer = setTimeout(() => {
      api.getSuscriptionPrices().then(
        (loaded) => {
          if (live) setOffer(loaded);
        },
        (error: unknown) => console.error('subscription prices failed to load', error),
      );
    }, delay);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, startedAt, now]);

  useEffect(() => {
    const delay = untilAfterStart(TIMINGS.subscriptionModalDelayMs, startedAt, now());
    const timer = setTimeout(() => {
      const today = formatDate(now());
      if (!isModalDue(readStorage(STORAGE_KEYS.weeklyModalDate), today)) return;
      writeStorage(STORAGE_KEYS.weeklyModalDate, today);
      if (subscribed.current) toastAlreadySubscribed();
      else setRequested(true);
    }, delay);
    return () => clearTimeout(timer);
  }, [now, startedAt]);

  // The member's details can arrive after the modal opened: it then closes with the toast.
  const open = requested && !activeSubscription && !held;
  useEffect(() => {
    if (requested && activeSubscription) toastAlreadySubscribed();
  }, [requested, activeSubscription]);

  const close = useCallback(() => setRequested(false), []);

  const subscribe = useCallback(() => {
    if (!offer) return;
    writeStorage(STORAGE_KEYS.subscriptionPriceCache, String(offer.regular));
    navigate(
      paths.buyCredits.getHref({
        type: 'stripe',
        promocode: siteHost,
        sucursal: branch,
        credits: SUBSCRIPTION_CREDITS,
      }),
    );
    setRequested(false);
  }, [offer, navigate, siteHost, branch]);

  return { open, offer, close, subscribe };
}
