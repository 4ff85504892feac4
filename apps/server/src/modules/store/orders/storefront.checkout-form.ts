import type { PhoneFieldMode } from '@merchant/catalogue';
import { EMPTY_CHECKOUT, type CheckoutValues } from './storefront.checkout-pages';

/** An address on one line (a pickup's place). */
export function addressLine(a: { line1?: string | null; line2?: string | null; city?: string | null; postal_code?: string | null }): string {
  return [a.line1, a.line2, a.city, a.postal_code].filter(Boolean).join(', ');
}

/** The form of an order the checkout posts, checked field by field (each message is shown beside its field). */
export function checkCheckout(
  values: CheckoutValues,
  fields: { phone: PhoneFieldMode; note: boolean } = { phone: 'hidden', note: false },
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (fields.phone !== 'hidden' && values.phone && !/^\+?[0-9 ()-]{6,24}$/.test(values.phone))
    errors['phone'] = 'Enter a phone number: digits, spaces, and an optional + in front';
  if (fields.phone === 'required' && !values.phone) errors['phone'] = 'Enter your phone number';
  if (fields.note && values.note.length > 500) errors['note'] = 'Use at most 500 characters';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email) || values.email.length > 254) errors['email'] = 'Enter a valid email address';
  if (!values.name || values.name.length > 120) errors['name'] = 'Enter your name (up to 120 characters)';
  if (values.delivery === 'shipping') {
    if (!values.line1) errors['line1'] = 'Enter the address';
    if (!values.city) errors['city'] = 'Enter the city';
    if (!values.postal_code) errors['postal_code'] = 'Enter the postal code';
    if (!values.country) errors['country'] = 'Enter the country';
  }
  for (const [key, value] of Object.entries(values)) if (key !== 'note' && value.length > 200 && !errors[key]) errors[key] = 'Use at most 200 characters';
  return errors;
}

/** The checkout's fields from a posted form, trimmed; anything missing is empty. */
export function checkoutValuesOf(body: Record<string, unknown>): CheckoutValues {
  const text = (key: keyof CheckoutValues) => (typeof body[key] === 'string' ? (body[key] as string).trim() : '');
  return {
    ...EMPTY_CHECKOUT,
    email: text('email').toLowerCase(),
    name: text('name'),
    delivery: body['delivery'] === 'shipping' ? 'shipping' : 'pickup',
    line1: text('line1'),
    line2: text('line2'),
    city: text('city'),
    state: text('state'),
    postal_code: text('postal_code'),
    country: text('country'),
    coupon: text('coupon').toUpperCase(),
    rate: text('rate'),
    pickup: text('pickup'),
    phone: text('phone'),
    note: text('note').slice(0, 2000),
  };
}
