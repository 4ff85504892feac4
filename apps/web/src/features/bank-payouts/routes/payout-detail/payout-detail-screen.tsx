import { Alert, Anchor, Button, Grid, Paper, SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { IconDownload, IconReceipt } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatMoneyWithCode } from '@merchant/core';
import { LEDGER_KIND_LABELS, PAYOUT_STATUS_LABELS, maskAccount, type PayoutDetail } from '@merchant/payments';
import { href } from '@/app/route-table';
import { Fact } from '@/components/fact';
import { PagedTable } from '@/components/paged-table';
import { PageFrame } from '@/components/page-frame';
import { QueryPage } from '@/components/query-status';
import { formatLocalDateTime } from '@/lib/format';
import { payoutLinesExportHref, payoutLinesQuery, payoutQuery } from '@/features/bank-payouts/api/payouts-api';
import { PayoutStatusBadge } from '@/features/bank-payouts/components/payout-status-badge';

export function Component() {
  const { business_id: businessId = '', payout: payoutId = '' } = useParams();
  const detail = useQuery(payoutQuery(businessId, payoutId));
  if (!detail.data) return <QueryPage title="Payout" query={detail} loadingLabel="Loading the payout" />;
  return <PayoutView businessId={businessId} detail={detail.data} />;
}

function PayoutView({ businessId, detail }: { businessId: string; detail: PayoutDetail }) {
  const { payout, summary, timeline } = detail;
  const money = (amount: number) => formatMoneyWithCode(amount, payout.amount.currency);
  const lines = useInfiniteQuery(payoutLinesQuery(businessId, payout.id));
  const rows = lines.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <PageFrame
      title={`Payout of ${money(payout.amount.amount)}`}
      description={<PayoutStatusBadge status={payout.status} />}
      actions={
        <Button
          component="a"
          href={payoutLinesExportHref(businessId, payout.id)}
          download
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          Export lines CSV
        </Button>
      }
    >
      {payout.failure_reason ? (
        <Alert color="red" title="This payout failed" role="alert">
          {payout.failure_reason}
        </Alert>
      ) : null}
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="payout-summary">
            <Stack gap="sm">
              <Title order={2} size="h4" id="payout-summary">
                Summary
              </Title>
              <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm">
                <Fact label="Bank account">
                  {payout.bank_account.bank_name} {maskAccount(payout.bank_account.account_last4)}
                </Fact>
                <Fact label="Account holder">{payout.bank_account.holder_name}</Fact>
                <Fact label="Made">{payout.trigger === 'scheduled' ? 'By the payout schedule' : 'Paid out on request'}</Fact>
                <Fact label="Payments (gross)">{money(summary.gross.amount)}</Fact>
                <Fact label="Fees">{money(-summary.fees.amount)}</Fact>
                <Fact label="Refunds">{money(-summary.refunds.amount)}</Fact>
                {summary.other.amount !== 0 ? <Fact label="Other movements">{money(summary.other.amount)}</Fact> : null}
                <Fact label="Payout">
                  <strong data-testid="payout-total">{money(payout.amount.amount)}</strong>
                </Fact>
              </SimpleGrid>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="payout-timeline">
            <Title order={2} size="h4" id="payout-timeline" mb="sm">
              Timeline
            </Title>
            <Timeline active={timeline.length - 1} bulletSize={14} lineWidth={2}>
              {timeline.map((step, i) => (
                <Timeline.Item key={i} title={step.status === 'created' ? 'Created' : PAYOUT_STATUS_LABELS[step.status]}>
                  <Text size="xs" c="dimmed">
                    <time dateTime={step.at}>{formatLocalDateTime(step.at)}</time>
                  </Text>
                  {step.note ? <Text size="sm">{step.note}</Text> : null}
                </Timeline.Item>
              ))}
              {payout.status === 'in_transit' ? (
                <Timeline.Item title="Expected at the bank">
                  <Text size="xs" c="dimmed">
                    <time dateTime={payout.arrives_at}>{formatLocalDateTime(payout.arrives_at)}</time>
                  </Text>
                </Timeline.Item>
              ) : null}
            </Timeline>
          </Paper>
        </Grid.Col>
      </Grid>

      <Title order={2} size="h3" id="payout-lines">
        What this payout contains
      </Title>
      <PagedTable
        query={lines}
        count={rows.length}
        loadingLabel="Loading the payout's lines"
        empty={{ icon: <IconReceipt aria-hidden />, title: 'No lines', description: 'This payout lists no balance movement.' }}
        label="Payout lines"
        minWidth={900}
        noun={['line', 'lines']}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Date</Table.Th>
            <Table.Th scope="col">Type</Table.Th>
            <Table.Th scope="col">Payment</Table.Th>
            <Table.Th scope="col" ta="right">
              Gross
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Fee
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Net
            </Table.Th>
            <Table.Th scope="col" ta="right">
              In this payout
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((l) => (
            <Table.Tr key={l.entry_id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <time dateTime={l.created_at}>{formatLocalDateTime(l.created_at)}</time>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{LEDGER_KIND_LABELS[l.kind]}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere', minWidth: '14rem' }}>
                {l.payment_id ? (
                  <Anchor component={Link} to={href('payments.transactions-detail', { business_id: businessId, b_charge: l.payment_id })}>
                    {l.payment_reference ?? l.description}
                  </Anchor>
                ) : (
                  l.description
                )}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {l.gross ? money(l.gross.amount) : '—'}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {l.fee ? money(-l.fee.amount) : '—'}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {money(l.net.amount)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {money(l.amount.amount)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" colSpan={6}>
              Total ({summary.lines} {summary.lines === 1 ? 'line' : 'lines'})
            </Table.Th>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} fw={700}>
              {money(payout.amount.amount)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </PagedTable>
    </PageFrame>
  );
}
