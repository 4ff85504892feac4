import { List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@/lib/modals';
import { IconPencil, IconPlayerPause, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatMoneyWithCode, EMPTY_VALUE, formatDate } from '@merchant/core';
import type { RepeatingInvoiceDetail } from '@merchant/payments';
import { href } from '@/app/route-table';
import { Fact } from '@/components/fact';
import { DataList } from '@/components/data-list';
import { DetailLayout } from '@/components/detail-layout';
import { QueryPage } from '@/components/query-status';
import { notifySuccess } from '@/lib/notify';
import { canChange, useBusiness } from '@/lib/session';
import { repeatingInvoiceQuery, useRepeatingInvoiceAction } from '@/features/invoices/api/repeating-invoices-api';
import { Totals } from '@/features/invoices/routes/invoice-detail/invoice-detail-screen';
import { StatusBadge } from '@/components/status-badge';

const SEND_LABELS: Record<RepeatingInvoiceDetail['runs'][number]['send_status'], string> = {
  off: 'Not sent automatically',
  pending: 'Sending',
  sent: 'Sent',
  failed: 'Not sent',
};

export function Component() {
  const { business_id: businessId = '', invoice: id = '' } = useParams();
  const repeating = useQuery(repeatingInvoiceQuery(businessId, id));
  if (!repeating.data) return <QueryPage title="Repeating invoice" query={repeating} loadingLabel="Loading the repeating invoice" />;
  return <RepeatingView businessId={businessId} repeating={repeating.data} />;
}

function RepeatingView({ businessId, repeating: r }: { businessId: string; repeating: RepeatingInvoiceDetail }) {
  const business = useBusiness(businessId);
  const mayChange = canChange(business.data, 'payments:create');
  const pause = useRepeatingInvoiceAction(businessId, r.id, 'pause');
  const resume = useRepeatingInvoiceAction(businessId, r.id, 'resume');
  const stop = useRepeatingInvoiceAction(businessId, r.id, 'stop');
  const money = (amount: number) => formatMoneyWithCode(amount, r.currency);
  const who = r.customer.name ?? r.customer.email ?? 'a customer';

  const confirm = (options: { title: string; text: string; confirm: string; cancel: string; red?: boolean; run: () => void }) =>
    modals.openConfirmModal({
      title: options.title,
      children: <Text size="sm">{options.text}</Text>,
      labels: { confirm: options.confirm, cancel: options.cancel },
      confirmProps: options.red ? { color: 'red' } : {},
      onConfirm: options.run,
    });
  const confirmPause = () =>
    confirm({
      title: 'Pause this repeating invoice',
      text: 'No invoice is made while it is paused. When you resume it, the runs missed in between are skipped.',
      confirm: 'Pause',
      cancel: 'Keep running',
      run: () => pause.mutate(undefined, { onSuccess: () => notifySuccess('Repeating invoice paused.') }),
    });
  const confirmResume = () =>
    confirm({
      title: 'Resume this repeating invoice',
      text: 'It makes its next invoice on the first run date from today on.',
      confirm: 'Resume',
      cancel: 'Keep paused',
      run: () => resume.mutate(undefined, { onSuccess: () => notifySuccess('Repeating invoice resumed.') }),
    });
  const confirmStop = () =>
    confirm({
      title: 'Stop this repeating invoice',
      text: 'No further invoice is made, and it cannot be resumed or edited again. The invoices it made stay as they are.',
      confirm: 'Stop for good',
      cancel: 'Keep it',
      red: true,
      run: () => stop.mutate(undefined, { onSuccess: () => notifySuccess('Repeating invoice stopped.') }),
    });

  const mayEdit = mayChange && r.editable;
  const actions = [
    mayEdit && {
      label: 'Edit',
      to: href('payments.invoices-repeating-edit', { business_id: businessId, invoice: r.id }),
      icon: <IconPencil size={16} aria-hidden />,
    },
    mayEdit && r.status === 'active' && { label: 'Pause', icon: <IconPlayerPause size={16} aria-hidden />, loading: pause.isPending, onClick: confirmPause },
    mayEdit &&
      r.status === 'paused' && {
        label: 'Resume',
        primary: true,
        icon: <IconPlayerPlay size={16} aria-hidden />,
        loading: resume.isPending,
        onClick: confirmResume,
      },
    mayEdit && { label: 'Stop', danger: true, icon: <IconPlayerStop size={16} aria-hidden />, loading: stop.isPending, onClick: confirmStop },
  ];

  const ends = r.end_date ? `On ${formatDate(r.end_date)}` : r.max_count ? `After ${r.max_count} invoices` : 'Never (until stopped)';
  return (
    <DetailLayout
      back={{ to: href('payments.invoices-repeating', { business_id: businessId }), label: 'All repeating invoices' }}
      title={`Repeating invoice for ${who}`}
      status={<StatusBadge kind="repeatingInvoice" status={r.status} />}
      facts={[
        { label: 'Total of each invoice', value: money(r.total) },
        { label: 'Repeats', value: r.schedule },
        { label: 'Next invoice', value: r.next_run_date ? formatDate(r.next_run_date) : r.status === 'paused' ? 'Paused' : EMPTY_VALUE },
      ]}
      actions={actions}
      side={
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="repeating-template">
          <Stack gap="sm">
            <Title order={2} size="h4" id="repeating-template">
              Each invoice says
            </Title>
            <List size="sm" spacing={4}>
              {r.lines.map((line, i) => (
                <List.Item key={i}>
                  {line.description}: {line.quantity} × {money(line.unit_price)}
                  {line.discount_bps ? ` less ${line.discount_bps / 100} %` : ''} = {money(line.net)}
                </List.Item>
              ))}
            </List>
            <Totals invoice={r} />
            {r.notes ? <Fact label="Notes">{r.notes}</Fact> : null}
            {r.terms ? <Fact label="Terms">{r.terms}</Fact> : null}
          </Stack>
        </Paper>
      }
    >
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="repeating-schedule">
        <Stack gap="sm">
          <Title order={2} size="h4" id="repeating-schedule">
            Schedule
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm">
            <Fact label="Customer">{[r.customer.name, r.customer.email].filter(Boolean).join(' · ') || '—'}</Fact>
            <Fact label="First invoice">{formatDate(r.start_date)}</Fact>
            <Fact label="Ends">{ends}</Fact>
            <Fact label="Invoices made">{r.max_count ? `${r.invoices_made} of ${r.max_count}` : r.invoices_made}</Fact>
            <Fact label="Due">{r.due_days === 0 ? 'On receipt' : `${r.due_days} days after issue`}</Fact>
            <Fact label="Sending">{r.auto_send ? 'Mailed to the customer when made' : 'Kept as a draft to send'}</Fact>
          </SimpleGrid>
          {r.upcoming.length > 0 ? (
            <Stack gap={4}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600} id="repeating-upcoming">
                Upcoming runs
              </Text>
              <List size="sm" aria-labelledby="repeating-upcoming">
                {r.upcoming.map((date) => (
                  <List.Item key={date}>
                    <time dateTime={date}>{formatDate(date)}</time>
                  </List.Item>
                ))}
              </List>
            </Stack>
          ) : null}
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="repeating-made">
        <Stack gap="sm">
          <Title order={2} size="h4" id="repeating-made">
            Invoices made
          </Title>
          {r.runs.length === 0 ? (
            <Text size="sm" c="dimmed">
              None yet{r.next_run_date ? `: the first is made on ${formatDate(r.next_run_date)}.` : '.'}
            </Text>
          ) : (
            <DataList
              label="Invoices made"
              rows={r.runs}
              rowKey={(run) => run.run_date}
              rowHref={(run) => href('payments.invoices-detail', { business_id: businessId, invoice: run.invoice.id })}
              minWidth={520}
              striped={false}
              columns={[
                { header: 'Invoice', card: 'title', cell: (run) => run.invoice.number },
                { header: 'Run date', card: 'secondary', nowrap: true, cell: (run) => <time dateTime={run.run_date}>{formatDate(run.run_date)}</time> },
                { header: 'Status', card: 'status', nowrap: true, cell: (run) => <StatusBadge kind="invoice" status={run.invoice.status} /> },
                { header: 'Total', card: 'amount', nowrap: true, cell: (run) => formatMoneyWithCode(run.invoice.total, run.invoice.currency) },
                {
                  header: 'Sending',
                  cell: (run) => (
                    <>
                      <Text size="sm" span>
                        {SEND_LABELS[run.send_status]}
                      </Text>
                      {run.send_error ? (
                        <Text size="xs" c="red.8">
                          {run.send_error}
                        </Text>
                      ) : null}
                    </>
                  ),
                },
              ]}
            />
          )}
        </Stack>
      </Paper>
    </DetailLayout>
  );
}
