import { z } from 'zod';
import {
  centsSchema,
  couponCodeSchema,
  creditKindSchema,
  currencySchema,
  epochMsSchema,
  httpUrlSchema,
  keySchema,
  nameSchema,
  PURCHASE_KINDS,
  purchaseKindSchema,
  rtdbList,
  textSchema,
} from './common';
import { dateSchema, hourSchema } from '../time';
import { instanceNameSchema } from '../instances';

/** One `SuscriptionPrices` entry; `Precio` is in major units (USD) as the spec shows it. */
export const suscriptionPriceSchema = z.object({
  key: z.string().max(100),
  Precio: z.number().nonnegative(),
});
/** `SuscriptionPrices`: first entry the discounted price, second the regular one. */
export const suscriptionPricesSchema = rtdbList(suscriptionPriceSchema);
export type SuscriptionPrice = z.infer<typeof suscriptionPriceSchema>;
export type SuscriptionPrices = z.infer<typeof suscriptionPricesSchema>;

/** `Shop/{category}/{product}`: the admin's product payload plus `Img`, `Url`, `Reference`. */
export const shopProductSchema = z.looseObject({
  Name: z.string().max(200).optional(),
  Description: z.string().max(2000).optional(),
  /** Major units, like `SuscriptionPrices.Precio`. */
  Precio: z.number().nonnegative().optional(),
  Img: z.string().max(2048).optional(),
  Url: z.string().max(2048).optional(),
  Reference: z.string().max(200).optional(),
});
export type ShopProduct = z.infer<typeof shopProductSchema>;

/** `Shop/TagsProducts/{reference}`. */
export const shopTagsSchema = rtdbList(z.string().max(100));
/** `Shop/Categorias`. */
export const shopCategoriesSchema = rtdbList(z.string().max(100));

/** `Branches/{branchId}` (sucursal). */
export const branchSchema = z.object({
  name: nameSchema,
  address: textSchema(300).optional(),
  phone: textSchema(40).optional(),
  active: z.boolean().default(true),
  /**
   * The database instance holding this branch's classes (core/src/instances.ts); absent: the
   * default instance. Set when the instance is created (docs/deploy.md), never by a screen.
   */
  databaseInstance: instanceNameSchema.optional(),
});
export type Branch = z.infer<typeof branchSchema>;

/** A coach page lists at most this many specialities. */
export const MAX_SPECIALITIES = 10;

/** `Coaches/{coachId}`; `uid` links the coach's login (their `Users` entry). */
export const coachSchema = z.object({
  name: nameSchema,
  uid: keySchema.optional(),
  bio: textSchema(2000).optional(),
  img: z.string().max(2048).optional(),
  /** What the coach teaches best ("Spinning", "HIIT"), shown on the coach page. */
  specialities: rtdbList(textSchema(40).min(1))
    .refine((list) => list.length <= MAX_SPECIALITIES, `at most ${MAX_SPECIALITIES}`)
    .optional(),
  active: z.boolean().default(true),
});
export type Coach = z.infer<typeof coachSchema>;

/** `Exercises/{id}`: the class types. */
export const exerciseSchema = z.object({
  name: nameSchema,
  description: textSchema(2000).optional(),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .optional(),
  /** Default length of its classes, minutes. */
  duration: z.number().int().min(5).max(600).optional(),
  /** Its picture (cards, class sheet, My Classes): a Cloud Storage download URL. */
  img: httpUrlSchema.optional(),
  creditKind: creditKindSchema.default('regular'),
  active: z.boolean().default(true),
});
export type Exercise = z.infer<typeof exerciseSchema>;

/** What stands on a spot: drawn with its own shape on the member's map and in the legend. */
export const SPOT_KINDS = ['bike', 'mat', 'reformer', 'rower', 'treadmill', 'bench'] as const;
export const spotKindSchema = z.enum(SPOT_KINDS);
export type SpotKind = z.infer<typeof spotKindSchema>;

export const seatSpotSchema = z.object({
  id: keySchema,
  label: z.string().trim().min(1).max(10),
  row: z.number().int().min(0).max(49),
  col: z.number().int().min(0).max(49),
  /** Out of service: drawn in its place, never booked. */
  disabled: z.boolean().optional(),
  /** Absent: a plain spot. */
  kind: spotKindSchema.optional(),
});
export type SeatSpot = z.infer<typeof seatSpotSchema>;

/**
 * What else is in the room, placed on the grid so members find their way: the coach's podium,
 * the mirror or screen at the front, the doors.
 */
export const ROOM_FEATURE_KINDS = ['podium', 'mirror', 'screen', 'door'] as const;
export const roomFeatureKindSchema = z.enum(ROOM_FEATURE_KINDS);
export type RoomFeatureKind = z.infer<typeof roomFeatureKindSchema>;

export const roomFeatureSchema = z.object({
  kind: roomFeatureKindSchema,
  row: z.number().int().min(0).max(49),
  col: z.number().int().min(0).max(49),
  /** Cells it covers to the right and downwards (a mirror spans the front wall). */
  width: z.number().int().min(1).max(50).default(1),
  height: z.number().int().min(1).max(50).default(1),
});
export type RoomFeature = z.infer<typeof roomFeatureSchema>;

/** The cells a feature covers, `row:col`. */
export function featureCells(feature: RoomFeature): string[] {
  const cells: string[] = [];
  for (let r = feature.row; r < feature.row + feature.height; r += 1)
    for (let c = feature.col; c < feature.col + feature.width; c += 1) cells.push(`${r}:${c}`);
  return cells;
}

/** `SeatLayouts/{layoutId}`: named spots on a grid, and the room around them (admin-spot). */
export const seatLayoutSchema = z
  .object({
    name: nameSchema,
    rows: z.number().int().min(1).max(50),
    cols: z.number().int().min(1).max(50),
    spots: z.record(keySchema, seatSpotSchema),
    features: z.record(keySchema, roomFeatureSchema).optional(),
  })
  .superRefine((layout, ctx) => {
    const cells = new Set<string>();
    for (const [key, spot] of Object.entries(layout.spots)) {
      if (spot.id !== key)
        ctx.addIssue({ code: 'custom', path: ['spots', key, 'id'], message: 'must equal its key' });
      if (spot.row >= layout.rows || spot.col >= layout.cols)
        ctx.addIssue({ code: 'custom', path: ['spots', key], message: 'outside the grid' });
      const cell = `${spot.row}:${spot.col}`;
      if (cells.has(cell))
        ctx.addIssue({ code: 'custom', path: ['spots', key], message: 'cell already used' });
      cells.add(cell);
    }
    for (const [key, feature] of Object.entries(layout.features ?? {})) {
      if (feature.row + feature.height > layout.rows || feature.col + feature.width > layout.cols)
        ctx.addIssue({ code: 'custom', path: ['features', key], message: 'outside the grid' });
      for (const cell of featureCells(feature)) {
        if (cells.has(cell))
          ctx.addIssue({ code: 'custom', path: ['features', key], message: 'cell already used' });
        cells.add(cell);
      }
    }
  });
export type SeatLayout = z.infer<typeof seatLayoutSchema>;

export const PACKAGE_KINDS = ['credits', 'spcredits', 'train-credits', 'single'] as const;
export const packageKindSchema = z.enum(PACKAGE_KINDS);
export type PackageKind = z.infer<typeof packageKindSchema>;

/** `Packages/{id}`: credit, special-event and train packs, and the single-class price. */
export const packageSchema = z.object({
  kind: packageKindSchema,
  name: nameSchema,
  description: textSchema(2000).optional(),
  credits: z.number().int().min(1).max(1000),
  price: centsSchema,
  currency: currencySchema,
  validityDays: z.number().int().min(1).max(3650),
  active: z.boolean().default(true),
  /** Display order on the packages screen. */
  order: z.number().int().optional(),
  /** Special-event packs may be tied to one event. */
  eventId: keySchema.optional(),
  /** Sold only to people who never bought before, once per person (docs/architecture/plans.md). */
  introOffer: z.boolean().optional(),
});
export type Package = z.infer<typeof packageSchema>;

/** `Events/{id}`: special events, booked with special credits. */
export const eventSchema = z.object({
  name: nameSchema,
  description: textSchema(4000).optional(),
  date: dateSchema,
  hour: hourSchema,
  startsAt: epochMsSchema,
  duration: z.number().int().min(5).max(1440).optional(),
  branch: keySchema.optional(),
  img: z.string().max(2048).optional(),
  /** The bookable class behind the event, if it is booked like a class. */
  classId: keySchema.optional(),
  active: z.boolean().default(true),
});
export type StudioEvent = z.infer<typeof eventSchema>;

/** `Coupons/{code}` (code upper-case). Exactly one of `percentOff` / `amountOff`. */
export const couponSchema = z
  .object({
    code: couponCodeSchema,
    percentOff: z.number().int().min(1).max(100).optional(),
    amountOff: centsSchema.min(1).optional(),
    /** Purchase kinds it applies to; missing or empty means all. */
    appliesTo: z.array(purchaseKindSchema).max(PURCHASE_KINDS.length).optional(),
    validFrom: epochMsSchema.optional(),
    validUntil: epochMsSchema.optional(),
    maxRedemptions: z.number().int().min(1).optional(),
    maxPerMember: z.number().int().min(1).optional(),
    active: z.boolean().default(true),
    /** Redemptions so far, counted by the payment webhook. */
    redeemed: z.number().int().min(0).default(0),
    description: textSchema(300).optional(),
  })
  .refine((coupon) => (coupon.percentOff === undefined) !== (coupon.amountOff === undefined), {
    message: 'set exactly one of percentOff and amountOff',
  });
export type Coupon = z.infer<typeof couponSchema>;

/** `CodeCloudStore/{code}/{uid}/{n}`: one entry per redemption of a coupon by a member. */
export const couponRedemptionSchema = z.object({
  paymentId: keySchema,
  discount: centsSchema,
  at: epochMsSchema,
});
export type CouponRedemption = z.infer<typeof couponRedemptionSchema>;

/**
 * `CouponRedemptions/{code}/{paymentId}`: one paid purchase that used the coupon, kept out of
 * `Coupons` so the catalogue stays small; `counted` once `Coupons/{code}/redeemed` includes it.
 */
export const couponRedemptionEntrySchema = z.object({
  uid: keySchema,
  discount: centsSchema,
  at: epochMsSchema,
  counted: z.boolean().optional(),
});
export type CouponRedemptionEntry = z.infer<typeof couponRedemptionEntrySchema>;

/** `CodeCloudStore/{code}/{uid}`: that member's redemptions of the coupon. */
export const memberRedemptionsSchema = rtdbList(couponRedemptionSchema);
