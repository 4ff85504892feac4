import { AppError } from '@merchant/core';
import {
  CustomerBodySchema,
  type Customer,
  type CustomerFields,
  type PublicCursorQuery,
  type PublicCustomer,
  type PublicCustomerBody,
  type PublicCustomerPatch,
} from '@merchant/payments';
import type { RequestMeta } from '@/http/context';
import type { CustomersService } from '@/modules/payments/customers/customers.service';
import { PublicApiRefusal, type PublicApiCaller } from './public-api.service';
import { cursorPage } from './public-pages';
import { inHitpayNames, invalidField, onModel, writerOf, zonedTime } from './public-resources';

const MODEL = 'App\\Business\\Customer';
/** Our field names of a customer as HitPay names them. */
const HITPAY_FIELD = { phone: 'phone_number', notes: 'remark' };

/** `+65 91234567` as HitPay's two fields; a phone without a `+code ` in front is all number. */
function splitPhone(phone: string | null): { code: string; number: string } {
  const match = /^\+(\d{1,4}) (.+)$/.exec(phone ?? '');
  return match ? { code: match[1]!, number: match[2]! } : { code: '', number: phone ?? '' };
}

/**
 * A customer as HitPay answers it: every field a string, an empty one where this product keeps no value (birth date,
 * gender, address: docs/developers.md), the phone split into its country code and number.
 */
export function presentPublicCustomer(c: Customer): PublicCustomer {
  const phone = splitPhone(c.phone);
  return {
    id: c.id,
    name: c.name ?? '',
    birth_date: '',
    gender: '',
    email: c.email ?? '',
    phone_number: phone.number,
    address: { city: '', state: '', street: '', postal_code: '', country: '' },
    remark: c.notes ?? '',
    phone_number_country_code: phone.code,
    created_at: zonedTime(c.created_at),
    updated_at: zonedTime(c.updated_at),
  };
}

/** Refuses a value of a field this product does not keep (nothing is silently dropped). */
function refuseUnkept(body: PublicCustomerPatch): void {
  if (body.birth_date) throw invalidField('birth_date', "This account does not keep a customer's birth date.");
  if (body.gender) throw invalidField('gender', "This account does not keep a customer's gender.");
  if (body.address && Object.values(body.address).some((v) => v !== undefined && v !== null && v !== '')) {
    throw invalidField('address', "This account does not keep a customer's address.");
  }
}

/** Our customer's fields from HitPay's, over the current ones for a change (only the fields sent change). */
function fieldsOf(body: PublicCustomerPatch, current?: Customer): CustomerFields {
  refuseUnkept(body);
  const was = splitPhone(current?.phone ?? null);
  let phone = current?.phone ?? null;
  if (body.phone_number !== undefined || body.phone_number_country_code !== undefined) {
    const code = (body.phone_number_country_code ?? was.code).replace(/^\+/, '');
    const number = body.phone_number ?? was.number;
    phone = code && number ? `+${code} ${number}` : number;
  }
  const email = body.email ?? current?.email ?? null;
  const parsed = CustomerBodySchema.safeParse({
    // HitPay's name is optional; ours is not: the email stands in.
    name: body.name ?? current?.name ?? email ?? '',
    email,
    phone,
    notes: body.remark ?? current?.notes ?? null,
  });
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: String(i.path[0]), message: i.message }));
    throw new AppError(
      'VALIDATION_FAILED',
      'The given data was invalid.',
      issues.map((i) => ({ ...i, path: HITPAY_FIELD[i.path as keyof typeof HITPAY_FIELD] ?? i.path })),
    );
  }
  return parsed.data;
}

/** HitPay's customers over the Payments section's customers, as the key's maker (docs/developers.md). */
export function createPublicCustomersApi(deps: { customers: Pick<CustomersService, 'list' | 'get' | 'create' | 'update' | 'remove'> }) {
  const { customers } = deps;
  const businessOf = (caller: PublicApiCaller) => caller.business.row.id;
  const one = <T>(id: string, work: () => Promise<T>) => onModel(MODEL, id, 'CUSTOMER_NOT_FOUND', work);

  return {
    /** `path`: the list's own address (Laravel's `meta.path`). */
    async listCustomers(caller: PublicApiCaller, path: string, query: PublicCursorQuery) {
      const page = await customers.list(businessOf(caller), { limit: query.per_page, cursor: query.cursor });
      return cursorPage(path, query.per_page, page.data.map(presentPublicCustomer), page.next_cursor);
    },

    getCustomer: (caller: PublicApiCaller, id: string) => one(id, async () => presentPublicCustomer(await customers.get(businessOf(caller), id))),

    async createCustomer(caller: PublicApiCaller, meta: RequestMeta, body: PublicCustomerBody) {
      const fields = fieldsOf(body);
      return presentPublicCustomer(await inHitpayNames(HITPAY_FIELD, () => customers.create(writerOf(caller, meta), fields)));
    },

    updateCustomer: (caller: PublicApiCaller, meta: RequestMeta, id: string, body: PublicCustomerPatch) =>
      one(id, async () => {
        const fields = fieldsOf(body, await customers.get(businessOf(caller), id));
        return presentPublicCustomer(await inHitpayNames(HITPAY_FIELD, () => customers.update(writerOf(caller, meta), id, fields)));
      }),

    /** A customer with payments, orders, invoices or subscriptions is kept: 409 (docs/developers.md). */
    deleteCustomer: (caller: PublicApiCaller, meta: RequestMeta, id: string) =>
      one(id, async () => {
        if ((await customers.remove(writerOf(caller, meta), id)) === 'in_use') {
          throw new PublicApiRefusal(409, 'The customer has payments, orders, invoices or subscriptions and cannot be deleted.');
        }
      }),
  };
}
