import { z } from 'zod';
import { CursorQuerySchema, MoneySchema, defineEndpoint, pageOf } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';

/**
 * Abandoned carts (docs/online-store.md, "Abandoned carts"): a storefront cart with items and the email the checkout
 * was given that has not become a paid order within {@link ABANDONED_AFTER_MINUTES}; it gets one recovery mail whose
 * link restores the cart on the shop host.
 */

/** A cart is abandoned this long after its last activity (Shopify's default is an hour or so, too). */
export const ABANDONED_AFTER_MINUTES = 60;

export const AbandonedCartItemSchema = z.object({
  name: z.string(),
  variant: z.string().nullable(),
  quantity: z.number().int(),
});

export const AbandonedCartSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  items: z.array(AbandonedCartItemSchema),
  /** Units in the cart. */
  item_count: z.number().int(),
  /** What the items cost now (the catalogue's prices), or the unpaid order's total. */
  value: MoneySchema,
  last_activity_at: z.iso.datetime(),
  /** When the one recovery mail went (null: not sent: too recent, recovery mails off, or sent before they were on). */
  recovery_mail_sent_at: z.iso.datetime().nullable(),
  /** The recovery link was opened and the cart then became a paid order. */
  recovered: z.boolean(),
  /** The paid order's reference once recovered. */
  order_reference: z.string().nullable(),
});
export type AbandonedCart = z.infer<typeof AbandonedCartSchema>;

export const ListAbandonedCartsQuerySchema = CursorQuerySchema;
export type ListAbandonedCartsQuery = z.infer<typeof ListAbandonedCartsQuerySchema>;

export const storeAbandonedCartEndpoints = {
  list: defineEndpoint({
    id: 'storeAbandonedCarts.list',
    method: 'GET',
    path: '/v1/business/:business_id/store-abandoned-carts',
    summary: 'Abandoned storefront carts (abandoned now, or mailed once), latest activity first (cursor pages)',
    access: { kind: 'business', permission: 'store:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    query: ListAbandonedCartsQuerySchema,
    response: pageOf(AbandonedCartSchema),
  }),
} as const;
