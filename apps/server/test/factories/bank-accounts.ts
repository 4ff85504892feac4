import { bankAccountEndpoints, type BankAccount, type CreateBankAccountBody } from '@merchant/payments';
import type { TestContext } from '../harness';
import type { FactoryBusiness } from './businesses';
import type { Person } from './people';

/** A Singapore account that passes its country's rule (bank code 7171, branch 081, 10 digits). */
export function localSgAccount(overrides: Partial<Extract<CreateBankAccountBody, { type: 'local' }>> = {}): CreateBankAccountBody {
  return {
    type: 'local',
    holder_name: 'Factory Holder',
    bank_name: 'DBS Bank',
    country: 'sg',
    currency: 'sgd',
    bank_code: '7171',
    branch_code: '081',
    account_number: '0123456789',
    ...overrides,
  };
}

/** A payout bank account added by a person of the business, confirmed with their password. */
export async function addBankAccount(
  _t: TestContext,
  business: Pick<FactoryBusiness, 'id'>,
  person: Person,
  body: CreateBankAccountBody = localSgAccount(),
): Promise<BankAccount> {
  return person.agent.ok(bankAccountEndpoints.create, { params: { business_id: business.id }, body: { ...body, password: person.password } });
}
