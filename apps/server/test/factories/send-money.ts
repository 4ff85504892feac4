import { beneficiaryEndpoints, type Beneficiary, type CreateBeneficiaryBody } from '@merchant/payments';
import type { TestContext } from '../harness';
import type { Person } from './people';
import { unique } from './unique';

/** A Singapore beneficiary that passes its country's rule; `account_number` ending in 0002 is the test bank's failing one. */
export function sgBeneficiary(overrides: Partial<Extract<CreateBeneficiaryBody, { type: 'local' }>> = {}): CreateBeneficiaryBody {
  return {
    type: 'local',
    holder_name: unique('Supplier'),
    bank_name: 'DBS Bank',
    country: 'sg',
    currency: 'sgd',
    bank_code: '7171',
    branch_code: '081',
    account_number: '0123456789',
    ...overrides,
  };
}

/** A beneficiary added through the API by a person with `transfers:manage`. */
export async function addBeneficiary(businessId: string, person: Person, body: CreateBeneficiaryBody = sgBeneficiary()): Promise<Beneficiary> {
  return person.agent.ok(beneficiaryEndpoints.create, { params: { business_id: businessId }, body });
}

/**
 * Money in a business's available balance without the path of payments and settlement (their own tests prove
 * it): one balanced ledger transaction from customer funds, as a settlement posts.
 */
export async function fundAvailable(t: TestContext, businessId: string, amount: number, currency = 'sgd'): Promise<void> {
  const { ledger } = t.services;
  await t.database.db.transaction(async (tx) => {
    await ledger.post(tx, businessId, {
      kind: 'settlement',
      description: 'Test funds',
      entries: [
        { account: 'customer_funds', currency, amount: -amount },
        { account: 'merchant_available', currency, amount },
      ],
    });
  });
}
