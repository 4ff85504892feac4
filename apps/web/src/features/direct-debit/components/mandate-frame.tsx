import { Alert, Code, List, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { TEST_BANK_ACCOUNTS, type MandateState } from '@merchant/payments';
import { CheckoutFrame } from '@/components/checkout-frame';

/** The business's header above a direct-debit page, with the test bank accounts in test mode. */
export function MandateFrame({ mandate, children }: { mandate: MandateState | null; children: ReactNode }) {
  return (
    <CheckoutFrame business={mandate?.business ?? null} testMode={mandate?.test_mode ?? false}>
      {mandate?.test_mode ? (
        <Alert color="yellow" title="Test mode: no real money moves" role="note" aria-label="Test mode">
          <Text size="sm">Use one of these test account numbers with any bank name:</Text>
          <List size="sm" mt={4} spacing={2}>
            {TEST_BANK_ACCOUNTS.map((a) => (
              <List.Item key={a.number}>
                <Code>{a.number}</Code> {a.outcome}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {children}
    </CheckoutFrame>
  );
}
