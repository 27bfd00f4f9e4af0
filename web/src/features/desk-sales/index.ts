export type { DeskSalesApi } from './api/desk-sales-api';
export { firebaseDeskSalesApi } from './api/firebase-desk-sales-api';
export { DeskSale } from './components/desk-sale';
export type { CardReturn } from './components/desk-sale';
export { deskSalesMessages } from './desk-sales-messages';
export { AddToClass } from './components/add-to-class';
export type { SignatureSlot } from './components/add-to-class';
