import { Alert, Avatar, Box, Code, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { TEST_CARDS, type Checkout } from '@merchant/payments';
import { apiAssetUrl } from '@/lib/api-client';
import { TestModeMark } from './test-mode-mark';
import { wrapPoints } from './long-text';

export type Branding = Checkout['business'];

/** A card number in groups of four, as people read it. */
export const spaced = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * The merchant's header (logo, name, brand colour) above one page a customer sees: the checkout's, or an
 * invoice's (wider, `maw`). In test mode the header carries the Test mode mark; `testCards` adds the test cards
 * under it on the pages where a card is typed.
 */
export function CheckoutFrame({
  business,
  testMode,
  testCards = false,
  children,
  maw = 480,
}: {
  business: Branding | null;
  testMode: boolean;
  testCards?: boolean;
  children: ReactNode;
  maw?: number;
}) {
  return (
    <Stack gap="md" maw={maw} mx="auto">
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <Box h={6} bg={business?.brand_color ?? 'gray'} aria-hidden />
        <Group p="md" gap="sm" wrap="nowrap">
          {business?.logo_url ? (
            <Avatar src={apiAssetUrl(business.logo_url)} alt={`${business.name} logo`} radius="sm" size="md" />
          ) : business ? (
            <Avatar radius="sm" size="md" color="gray" aria-hidden>
              {business.name.slice(0, 1).toUpperCase()}
            </Avatar>
          ) : null}
          <Title order={2} size="h4" style={{ overflowWrap: 'break-word', flex: 1 }}>
            {wrapPoints(business?.name ?? 'Secure checkout')}
          </Title>
          {testMode ? <TestModeMark /> : null}
        </Group>
      </Paper>
      {testMode && testCards ? <TestCardsBanner /> : null}
      {children}
    </Stack>
  );
}

/** Test mode: nothing is charged; the test cards and what each does. */
function TestCardsBanner() {
  return (
    <Alert color="yellow" title="Test mode: no real money moves" role="note" aria-label="Test mode">
      <Text size="sm">Pay with one of these card numbers, any future expiry date and any CVC:</Text>
      <List size="sm" mt={4} spacing={2}>
        {TEST_CARDS.map((card) => (
          <List.Item key={card.number}>
            <Code>{spaced(card.number)}</Code> {card.outcome}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
