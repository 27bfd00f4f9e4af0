/**
 * What each push says, as data: one schema per kind (core's `PUSH_KINDS`). A `PushOutbox` entry
 * stores one of these, taken when the event happened, and the sender renders it in the member's
 * language at send time (render.ts). Instants are epoch ms.
 */
import { keySchema, type PushKind } from '@studio/core';
import { z } from 'zod';

const epochMs = z.number().int().min(0);
const label = (max: number) => z.string().trim().min(1).max(max);

/** The class a push is about: enough to name it and to open its sheet. */
export const pushClassSchema = z.object({
  classId: keySchema,
  title: label(100),
  startsAt: epochMs,
});

export const pushMessageSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('waitlist-promoted'),
    class: pushClassSchema,
    spotLabel: label(10).optional(),
    /** Until when a cancel gives the credit back. */
    refundUntil: epochMs,
  }),
  z.object({
    kind: z.literal('class-cancelled'),
    class: pushClassSchema,
    reason: label(200).optional(),
  }),
  z.object({
    kind: z.literal('class-changed'),
    class: pushClassSchema,
    /** What changed, each as it is now. */
    changes: z
      .object({
        startsAt: epochMs.optional(),
        room: label(100).optional(),
        coach: label(100).optional(),
      })
      .refine((changes) => Object.keys(changes).length > 0, 'names what changed'),
  }),
  z.object({
    kind: z.literal('class-reminder'),
    class: pushClassSchema,
    spotLabel: label(10).optional(),
  }),
  z.object({ kind: z.literal('spot-opened'), class: pushClassSchema }),
  z.object({ kind: z.literal('payment-failed') }),
  z.object({
    kind: z.literal('credits-expiring'),
    count: z.number().int().min(1).max(10_000),
    expiresAt: epochMs,
  }),
  z.object({ kind: z.literal('plan-expiring'), endsAt: epochMs }),
]);
export type PushMessage = z.infer<typeof pushMessageSchema>;
export type PushMessageInput = z.input<typeof pushMessageSchema>;

/** The moment after which the push is no longer of use, where there is one (quiet hours). */
export function actBy(message: PushMessage): number | undefined {
  switch (message.kind) {
    case 'waitlist-promoted':
      return message.refundUntil;
    case 'class-cancelled':
    case 'class-changed':
      return message.class.startsAt;
    default:
      return undefined;
  }
}

/** Each schema's kind is one of core's kinds (a test keeps the two lists equal). */
export const MESSAGE_KINDS: readonly PushKind[] = pushMessageSchema.options.map(
  (option) => option.shape.kind.value,
);
