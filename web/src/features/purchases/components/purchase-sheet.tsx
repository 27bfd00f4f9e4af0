import type { Package } from '@studio/core';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { useT } from '../../../lib/i18n';
import { purchasesMessages } from '../purchases-messages';
import type { CheckoutProps, Purchase } from './checkout';
import { Checkout } from './checkout';
import { WhatYouGet } from './what-you-get';

export interface PurchaseSheetProps {
  checkout: Omit<CheckoutProps, 'purchase'>;
  purchase: Purchase;
  /** The pack bought; absent for the monthly plan. */
  pkg?: Package;
  onClose: () => void;
}

/** The one step between a pack and Stripe: what you get beside the price, coupon and pay. */
export function PurchaseSheet({ checkout, purchase, pkg, onClose }: PurchaseSheetProps) {
  const t = useT(purchasesMessages);
  return (
    <BottomSheet
      open
      width="wide"
      title={t('chooseAndPay')}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <div className="purchase-sheet">
        <WhatYouGet pkg={pkg} />
        <Checkout {...checkout} purchase={purchase} />
      </div>
    </BottomSheet>
  );
}
