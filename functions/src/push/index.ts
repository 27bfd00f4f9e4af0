// The studio's push library (README.md here): what each push says, how it is rendered, and how
// it is enqueued. The push domain (`../handlers/push/`) sends it from the outbox.
export { actBy, MESSAGE_KINDS, pushMessageSchema } from './kinds';
export type { PushMessage, PushMessageInput } from './kinds';
export { MAX_PUSH_PAYLOAD_BYTES, OversizedPushError, pushUrl, renderPush } from './render';
export type { PushPayload } from './render';
export { enqueuePush } from './outbox';
export type { PushToEnqueue } from './outbox';
export { pushEnqueueFailed } from './logs';
