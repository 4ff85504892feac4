import { z } from 'zod';
import { MinorAmountSchema, MoneySchema, defineEndpoint, text } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';

/**
 * Add-on groups (the spec's "product customisation"): "Milk" with its choices and their prices, how many may be
 * chosen, and whether a choice is required. Attached to products (`products.setAddOnGroups`); a sale line will copy
 * the chosen add-ons' names and prices.
 */

export const MAX_ADD_ON_CHOICES = 50;

export const AddOnChoiceBodySchema = z.object({
  /** A choice to keep; none for a new one. */
  id: z.uuid().optional(),
  name: text().trim().min(1, 'Enter a name').max(60, 'Use at most 60 characters'),
  /** What the choice adds to the line, in minor units (0 for a free choice). */
  price: MinorAmountSchema,
});

export const AddOnGroupBodySchema = z
  .object({
    name: text().trim().min(1, 'Enter a name').max(60, 'Use at most 60 characters'),
    min_choices: z.number('Enter a number').int('Use a whole number').min(0, 'Use 0 or more').max(MAX_ADD_ON_CHOICES).default(0),
    max_choices: z.number('Enter a number').int('Use a whole number').min(1, 'Allow at least one choice').max(MAX_ADD_ON_CHOICES),
    required: z.boolean().default(false),
    choices: z.array(AddOnChoiceBodySchema).min(1, 'Add at least one choice').max(MAX_ADD_ON_CHOICES, `Use at most ${MAX_ADD_ON_CHOICES} choices`),
  })
  .superRefine((g, ctx) => {
    if (g.min_choices > g.max_choices) ctx.addIssue({ code: 'custom', path: ['min_choices'], message: 'The minimum must not be above the maximum' });
    if (g.max_choices > g.choices.length) {
      ctx.addIssue({ code: 'custom', path: ['max_choices'], message: `There ${g.choices.length === 1 ? 'is one choice' : `are ${g.choices.length} choices`}` });
    }
    if (g.required && g.min_choices < 1) ctx.addIssue({ code: 'custom', path: ['min_choices'], message: 'A required group needs at least one choice' });
    const ids = g.choices.map((c) => c.id);
    ids.forEach((id, i) => {
      if (id && ids.indexOf(id) !== i) ctx.addIssue({ code: 'custom', path: ['choices', i, 'id'], message: 'This choice is already in the list' });
    });
    const names = g.choices.map((c) => c.name.toLowerCase());
    names.forEach((n, i) => {
      if (names.indexOf(n) !== i) ctx.addIssue({ code: 'custom', path: ['choices', i, 'name'], message: 'Another choice has this name' });
    });
  });
export type AddOnGroupBody = z.input<typeof AddOnGroupBodySchema>;
export type AddOnGroupFields = z.output<typeof AddOnGroupBodySchema>;

export const AddOnGroupSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  min_choices: z.number().int(),
  max_choices: z.number().int(),
  required: z.boolean(),
  choices: z.array(z.object({ id: z.uuid(), name: z.string(), price: MoneySchema })),
  /** Products it is attached to. */
  product_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AddOnGroup = z.infer<typeof AddOnGroupSchema>;

export const AddOnGroupParamsSchema = BusinessParamsSchema.extend({ group_id: z.uuid() });

export const addOnGroupEndpoints = {
  list: defineEndpoint({
    id: 'addOnGroups.list',
    method: 'GET',
    path: '/v1/business/:business_id/add-on-groups',
    summary: 'Add-on groups by name, with their choices',
    access: { kind: 'business', permission: 'catalogue:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    response: z.object({ data: z.array(AddOnGroupSchema) }),
  }),
  get: defineEndpoint({
    id: 'addOnGroups.get',
    method: 'GET',
    path: '/v1/business/:business_id/add-on-groups/:group_id',
    summary: 'One add-on group',
    access: { kind: 'business', permission: 'catalogue:view', standing: 'merchant' },
    params: AddOnGroupParamsSchema,
    response: AddOnGroupSchema,
    errors: ['ADD_ON_GROUP_NOT_FOUND'],
  }),
  create: defineEndpoint({
    id: 'addOnGroups.create',
    method: 'POST',
    path: '/v1/business/:business_id/add-on-groups',
    summary: "Add an add-on group with its choices (its choices' prices need catalogue:pricing)",
    access: { kind: 'business', permission: 'catalogue:manage', standing: 'merchant' },
    params: BusinessParamsSchema,
    body: AddOnGroupBodySchema,
    response: AddOnGroupSchema,
    status: 201,
  }),
  update: defineEndpoint({
    id: 'addOnGroups.update',
    method: 'PUT',
    path: '/v1/business/:business_id/add-on-groups/:group_id',
    summary: 'Change an add-on group and its choices in one go (a price change needs catalogue:pricing)',
    access: { kind: 'business', permission: 'catalogue:manage', standing: 'merchant' },
    params: AddOnGroupParamsSchema,
    body: AddOnGroupBodySchema,
    response: AddOnGroupSchema,
    errors: ['ADD_ON_GROUP_NOT_FOUND'],
  }),
  remove: defineEndpoint({
    id: 'addOnGroups.remove',
    method: 'DELETE',
    path: '/v1/business/:business_id/add-on-groups/:group_id',
    summary: 'Delete an add-on group; the products it was attached to no longer offer it',
    access: { kind: 'business', permission: 'catalogue:manage', standing: 'merchant' },
    params: AddOnGroupParamsSchema,
    response: z.object({ removed: z.literal(true) }),
    errors: ['ADD_ON_GROUP_NOT_FOUND'],
  }),
} as const;
