export { mailTexts, type MailTextKey } from './catalogue';
export { escapeHtml } from './html';
export {
  MAIL_KINDS,
  creditBatchSchema,
  mailClassSchema,
  mailMessageSchema,
  type CreditBatch,
  type MailClass,
  type MailKind,
  type MailMessage,
  type MailMessageInput,
} from './kinds';
export {
  renderMail,
  type MailAttachment,
  type MailContext,
  type MailStudio,
  type RenderedMail,
} from './render';
export { sendMail, type SendOptions, type SentMail } from './send';
export { enqueueMail, type MailToEnqueue } from './outbox';
export { mailClassFacts, type ClassFactsInput, type FactsReader } from './class-facts';
export { mailEnqueueFailed } from './logs';
export {
  MAIL_ENV,
  MAIL_UNSUBSCRIBE_SECRET,
  SMTP_PASSWORD,
  createMailTransport,
  smtpConfigFromEnv,
  type SmtpConfig,
} from './config';
export { unsubscribeUrl, verifyUnsubscribe } from './unsubscribe';
