import { BalancePage } from '@/features/balances/components/balance-page';

export function Component() {
  return <BalancePage balance="card" />;
}
