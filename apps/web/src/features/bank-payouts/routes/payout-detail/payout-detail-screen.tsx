import { Alert, Anchor, Paper, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconDownload, IconReceipt } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatMoneyWithCode } from '@merchant/core';
import { LEDGER_KIND_LABELS, PAYOUT_STATUS_LABELS, maskAccount, type PayoutDetail } from '@merchant/payments';
import { href } from '@/app/route-table';
import { Fact } from '@/components/fact';
import { PagedTable } from '@/components/paged-table';
import { DetailLayout } from '@/components/detail-layout';
import { QueryPage } from '@/components/query-status';
import { payoutLinesExportHref, payoutLinesQuery, payoutQuery } from '@/features/bank-payouts/api/payouts-api';
import { StatusBadge } from '@/components/status-badge';
import { BusinessTime } from '@/components/business-time';

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
    <DetailLayout
      back={{ to: href('payments.balance-payouts', { business_id: businessId }), label: 'All payouts' }}
      title={`Payout of ${money(payout.amount.amount)}`}
      status={<StatusBadge kind="payout" status={payout.status} />}
      facts={[
        { label: 'Bank account', value: `${payout.bank_account.bank_name} ${maskAccount(payout.bank_account.account_last4)}` },
        {
          label: 'Payout ID',
          value: (
            <Text span size="sm" ff="monospace">
              {payout.id}
            </Text>
          ),
          copy: payout.id,
        },
      ]}
      actions={[
        { label: 'Export lines CSV', href: payoutLinesExportHref(businessId, payout.id), download: true, icon: <IconDownload size={16} aria-hidden /> },
      ]}
      side={
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="payout-timeline">
          <Title order={2} size="h4" id="payout-timeline" mb="sm">
            Timeline
          </Title>
          <Timeline active={timeline.length - 1} bulletSize={14} lineWidth={2}>
            {timeline.map((step, i) => (
              <Timeline.Item key={i} title={step.status === 'created' ? 'Created' : PAYOUT_STATUS_LABELS[step.status]}>
                <Text size="xs" c="dimmed">
                  <BusinessTime at={step.at} />
                </Text>
                {step.note ? <Text size="sm">{step.note}</Text> : null}
              </Timeline.Item>
            ))}
            {payout.status === 'in_transit' ? (
              <Timeline.Item title="Expected at the bank">
                <Text size="xs" c="dimmed">
                  <BusinessTime at={payout.arrives_at} />
                </Text>
              </Timeline.Item>
            ) : null}
          </Timeline>
        </Paper>
      }
      below={
        <Stack gap="sm" component="section" aria-labelledby="payout-lines">
          <Title order={2} size="h3" id="payout-lines">
            What this payout contains
          </Title>
          <PagedTable
            query={lines}
            loadingLabel="Loading the payout's lines"
            empty={{ icon: <IconReceipt aria-hidden />, title: 'No lines', description: 'This payout lists no balance movement.' }}
            label="Payout lines"
            rows={rows}
            rowKey={(l) => l.entry_id}
            columns={[
              { header: 'Date', card: 'secondary', nowrap: true, cell: (l) => <BusinessTime at={l.created_at} /> },
              { header: 'Type', card: 'secondary', nowrap: true, cell: (l) => LEDGER_KIND_LABELS[l.kind] },
              {
                header: 'Payment',
                card: 'title',
                cell: (l) =>
                  l.payment_id ? (
                    <Anchor component={Link} to={href('payments.transactions-detail', { business_id: businessId, b_charge: l.payment_id })} inherit>
                      {l.description}
                    </Anchor>
                  ) : (
                    l.description
                  ),
              },
              { header: 'Gross', align: 'right', nowrap: true, cell: (l) => (l.gross ? money(l.gross.amount) : '—') },
              { header: 'Fee', align: 'right', nowrap: true, cell: (l) => (l.fee ? money(-l.fee.amount) : '—') },
              { header: 'Net', align: 'right', nowrap: true, cell: (l) => money(l.net.amount) },
              { header: 'In this payout', card: 'amount', align: 'right', nowrap: true, cell: (l) => money(l.amount.amount) },
            ]}
            total={{ label: `Total (${summary.lines} ${summary.lines === 1 ? 'line' : 'lines'})`, value: money(payout.amount.amount) }}
            minWidth={900}
            noun={['line', 'lines']}
          />
        </Stack>
      }
    >
      {payout.failure_reason ? (
        <Alert color="red" title="This payout failed" role="alert">
          {payout.failure_reason}
        </Alert>
      ) : null}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="payout-summary">
        <Stack gap="sm">
          <Title order={2} size="h4" id="payout-summary">
            Summary
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm">
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
    </DetailLayout>
  );
}
