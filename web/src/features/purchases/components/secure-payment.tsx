import { useT } from '../../../lib/i18n';
import { purchasesMessages } from '../purchases-messages';

/** The ways to pay Stripe Checkout takes here, as people know them. */
const PAYMENT_MARKS = ['Visa', 'Mastercard', 'American Express', 'Apple Pay', 'Google Pay'];

/** Under the pay button: who handles the card, and which cards and wallets are accepted. */
export function SecurePayment() {
  const t = useT(purchasesMessages);
  return (
    <div className="secure-payment">
      <p className="secure-line">
        <svg
          viewBox="0 0 24 24"
          width="16"
          height="16"
          aria-hidden="true"
          focusable="false"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <rect x="5" y="11" width="14" height="10" rx="2" />
          <path d="M8 11V7a4 4 0 0 1 8 0v4" />
        </svg>
        {t('securePayment')}
      </p>
      <ul className="payment-marks" aria-label={t('acceptedCards')}>
        {PAYMENT_MARKS.map((mark) => (
          <li key={mark}>{mark}</li>
        ))}
      </ul>
    </div>
  );
}
