import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatDateTime, formatMoneyWithCode } from '@merchant/core';
import { PAYMENT_METHOD_LABELS, type PortalPage, type PortalReceipt } from '@merchant/payments';
import { CheckoutFrame } from '@/components/checkout-frame';
import { LoadingScreen } from '@/components/loading-screen';
import { StatusPage } from '@/components/status-page';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { portalQuery, useRequestPortalLink } from '@/features/customer-portal/api/customer-portal-api';
import { PortalSubscriptions } from './portal-subscriptions';
import { StatusBadge } from '@/components/status-badge';

/**
 * The customer's portal on the invoice host (`/{business_id}/portal/{token}`, docs/payments.md "Customer
 * portal"), opened by a signed link from a mail: their receipts with this business. A forged link offers
 * nothing; an expired one offers a new link, mailed to the address the business has. Their subscriptions come first.
 */
export function Component() {
  const { business_id: businessId = '', token = '' } = useParams();
  const page = useQuery(portalQuery(businessId, token));
  if (page.isPending) return <LoadingScreen />;
  if (page.isError) {
    const status = page.error instanceof ApiError ? page.error.status : 0;
    if (status === 410) return <ExpiredLink businessId={businessId} token={token} />;
    if (status === 404 || status === 422) {
      return (
        <StatusPage
          title="This link is not valid"
          message="Open the portal with the latest link the business emailed you, or ask the business for a new one."
          homeHref="/"
          action={<></>}
        />
      );
    }
    return (
      <CheckoutFrame business={null} testMode={false}>
        <Alert color="red" title="Your account could not be loaded" role="alert">
          {errorMessage(page.error)}
        </Alert>
      </CheckoutFrame>
    );
  }
  return (
    <CheckoutFrame business={page.data.business} testMode={page.data.test_mode} maw={720}>
      <Portal businessId={businessId} token={token} portal={page.data} />
    </CheckoutFrame>
  );
}

function ExpiredLink({ businessId, token }: { businessId: string; token: string }) {
  const ask = useRequestPortalLink(businessId, token);
  return (
    <StatusPage
      title="This link has expired"
      message="For your safety, portal links work for 7 days. We can email a new one to the address the business has for you."
      homeHref="/"
      action={
        <Stack gap="sm" align="center" mt="sm">
          {ask.isSuccess ? (
            <Alert color="green" role="status" title="Check your email">
              {ask.data.message}
            </Alert>
          ) : (
            <Button onClick={() => ask.mutate()} loading={ask.isPending}>
              Email me a new link
            </Button>
          )}
          {ask.isError ? (
            <Alert color="red" role="alert" title="No link sent">
              {errorMessage(ask.error)}
            </Alert>
          ) : null}
        </Stack>
      }
    />
  );
}

function Portal({ businessId, token, portal }: { businessId: string; token: string; portal: PortalPage }) {
  const who = portal.customer.name ?? portal.customer.email ?? 'customer';
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h3">
          Your account with {portal.business.name}
        </Title>
        <Text size="sm" c="dimmed">
          Signed in by your link as {who}. The link works until {formatDateTime(portal.expires_at, portal.time_zone)}.
        </Text>
      </div>
      <PortalSubscriptions businessId={businessId} token={token} subscriptions={portal.subscriptions} zone={portal.time_zone} />
      <Receipts receipts={portal.receipts} zone={portal.time_zone} />
    </Stack>
  );
}

function Receipts({ receipts, zone }: { receipts: PortalReceipt[]; zone: string }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="receipts-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="receipts-title">
          Receipts
        </Title>
        {receipts.length === 0 ? (
          <Text size="sm" c="dimmed">
            No payments yet.
          </Text>
        ) : (
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {receipts.map((r) => {
              const amount = formatMoneyWithCode(r.amount.amount, r.amount.currency);
              return (
                <Group key={r.receipt_url} component="li" justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                  <div style={{ minWidth: 0 }}>
                    <Group gap="xs">
                      <Text size="sm" fw={600}>
                        {amount}
                      </Text>
                      {r.status !== 'succeeded' ? <StatusBadge kind="payment" status={r.status} /> : null}
                    </Group>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'break-word' }}>
                      {formatDateTime(r.paid_at, zone)} · {PAYMENT_METHOD_LABELS[r.method]}
                      {r.card ? ` ending ${r.card.last4}` : ''}
                      {r.description ? ` · ${r.description}` : ''}
                    </Text>
                  </div>
                  <Anchor href={r.receipt_url} size="sm" aria-label={`Receipt of ${amount}, ${formatDateTime(r.paid_at, zone)}`}>
                    Receipt
                  </Anchor>
                </Group>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
