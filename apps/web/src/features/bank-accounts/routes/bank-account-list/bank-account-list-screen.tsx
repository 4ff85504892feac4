import { useParams } from 'react-router';
import { PageFrame } from '@/components/page-frame';
import { AddBankAccountMenu, BankAccountList } from '@/features/bank-accounts/components/bank-account-list';

/** The payout bank accounts of the payments settings (the partner area shows the same list beside its payouts). */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  return (
    <PageFrame
      title="Bank accounts"
      description="Where payouts go: one default account per currency. Every change asks for your password and is mailed to the owners."
      actions={<AddBankAccountMenu businessId={businessId} />}
    >
      <BankAccountList businessId={businessId} />
    </PageFrame>
  );
}
