/**
 * The purchase screens' own labels (packages, events, cart, checkout, my purchases), English and Spanish. Product texts the spec or the functions define come from
 * `@studio/core`'s catalogue through the same `t`.
 */
import type { MessageKeyOf } from '../../lib/i18n';
import { defineMessages } from '../../lib/i18n';

export const purchasesMessages = defineMessages({
  en: {
    noPurchases: 'No purchases yet.',
    purchasesOffline:
      'Your purchases cannot be loaded offline. Connect to the internet to see them.',
    packagesTitle: 'Buy Credits',
    packageCredits: '{count} credits, valid {days} days',
    buy: 'Buy',
    addToCart: 'Add to cart',
    eventsTitle: 'Special Events',
    noEvents: 'No upcoming events.',
    checkoutTitle: 'Confirm purchase',
    coupon: 'Coupon code',
    applyCoupon: 'Apply',
    subtotal: 'Price',
    discount: 'Discount',
    total: 'Total',
    payNow: 'Pay',
    continueToPayment: 'Continue to payment',
    signInToPay: 'Sign in to pay',
    remove: 'Remove',
    quantity: 'Quantity',
    paymentPending: 'Waiting for the payment to be confirmed…',
    paymentPaid: 'Payment received.',
    paymentFailedStatus: 'The payment did not go through.',
    paymentRefunded: 'Refunded.',
    credits: 'Credits',
    subscription: 'Subscription',
    subscriptionText: 'Subscribe now and receive 30 credits monthly automatically.',
    creditKindRegular: 'Class credits',
    creditKindSpecial: 'Special event credits',
    creditKindTrain: 'Training credits',
  },
  es: {
    noPurchases: 'Aún no tienes compras.',
    purchasesOffline:
      'Tus compras no se pueden cargar sin conexión. Conéctate a internet para verlas.',
    packagesTitle: 'Comprar créditos',
    packageCredits: '{count} créditos, válidos {days} días',
    buy: 'Comprar',
    addToCart: 'Agregar al carrito',
    eventsTitle: 'Eventos especiales',
    noEvents: 'No hay eventos próximos.',
    checkoutTitle: 'Confirmar compra',
    coupon: 'Cupón',
    applyCoupon: 'Aplicar',
    subtotal: 'Precio',
    discount: 'Descuento',
    total: 'Total',
    payNow: 'Pagar',
    continueToPayment: 'Continuar al pago',
    signInToPay: 'Inicia sesión para pagar',
    remove: 'Quitar',
    quantity: 'Cantidad',
    paymentPending: 'Esperando la confirmación del pago…',
    paymentPaid: 'Pago recibido.',
    paymentFailedStatus: 'El pago no se completó.',
    paymentRefunded: 'Reembolsado.',
    credits: 'Créditos',
    subscription: 'Suscripción',
    subscriptionText: 'Suscríbete ahora y recibe 30 créditos cada mes automáticamente.',
    creditKindRegular: 'Créditos de clase',
    creditKindSpecial: 'Créditos de eventos especiales',
    creditKindTrain: 'Créditos de entrenamiento',
  },
});

export type PurchasesKey = MessageKeyOf<typeof purchasesMessages>;
