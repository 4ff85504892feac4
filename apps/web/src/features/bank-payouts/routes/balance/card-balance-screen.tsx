import { BalancePage } from '@/features/bank-payouts/components/balance-page';

export function Component() {
  return <BalancePage balance="card" />;
}
