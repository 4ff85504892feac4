import { useParams } from 'react-router';
import { BalancePage } from '@/features/bank-payouts/components/balance-page';
import { PayoutPanel } from '@/features/bank-payouts/components/payout-panel';

export function Component() {
  const { business_id: businessId = '' } = useParams();
  return <BalancePage balance="wallet" extra={(view) => <PayoutPanel businessId={businessId} view={view} />} />;
}
