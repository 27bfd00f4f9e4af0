import type {
  AddToClassInput,
  CallableResult,
  CreateDeskCheckoutInput,
  DirectoryPrefixQuery,
  Package,
  Payment,
  Plan,
  RecordCashSaleInput,
  RefundCashSaleInput,
  WaiverVersion,
} from '@studio/core';
import type { Unsubscribe } from '../../../lib/unsubscribe';

/**
 * What the desk's sales and walk-ins read and call (core/src/desk/sales.ts;
 * functions/src/handlers/desk). The callables reject with the HttpsError the function sent.
 */
export interface DeskSalesApi {
  /** At most `limit` `UserDirectory` entries in one prefix range of one index, live. */
  watchDirectorySearch: (
    query: DirectoryPrefixQuery,
    limit: number,
    onChange: (value: unknown) => void,
  ) => Unsubscribe;
  /** One member's `UserDirectory` entry (a member the screen was opened for). */
  watchDirectoryEntry: (uid: string, onChange: (value: unknown) => void) => Unsubscribe;
  /** `Packages` and `Plans`, the catalogue the desk sells from. */
  watchPackages: (onChange: (packages: Record<string, Package>) => void) => Unsubscribe;
  watchPlans: (onChange: (plans: Record<string, Plan>) => void) => Unsubscribe;
  /** One member's payments (`Payments` queried by uid, which the desk may read). */
  watchPayments: (
    uid: string,
    onChange: (payments: Record<string, Payment>) => void,
  ) => Unsubscribe;
  /** The waiver a walk-in signs at the desk; null when the studio has none. */
  watchWaiver: (onChange: (waiver: WaiverVersion | null) => void) => Unsubscribe;
  recordCashSale: (input: RecordCashSaleInput) => Promise<CallableResult<'recordCashSale'>>;
  refundCashSale: (input: RefundCashSaleInput) => Promise<CallableResult<'refundCashSale'>>;
  createDeskCheckout: (
    input: CreateDeskCheckoutInput,
  ) => Promise<CallableResult<'createDeskCheckout'>>;
  addToClass: (input: AddToClassInput) => Promise<CallableResult<'addToClass'>>;
}
