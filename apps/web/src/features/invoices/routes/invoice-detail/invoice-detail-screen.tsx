import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Timeline, Title } from '@mantine/core';
import { modals } from '@/lib/modals';
import { IconBan, IconCash, IconCopy, IconDownload, IconMail, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { formatMoneyWithCode, formatDate } from '@merchant/core';
import { PAYABLE_INVOICE_STATUSES, type InvoiceDetail, type InvoiceEventKind } from '@merchant/payments';
import { href } from '@/app/route-table';
import { MoneyInput } from '@/components/money-input';
import { useMoneyField } from '@/components/form/use-money-field';
import { Fact, FactRow } from '@/components/fact';
import { DataList } from '@/components/data-list';
import { DetailLayout } from '@/components/detail-layout';
import { QueryPage } from '@/components/query-status';
import { notifySuccess } from '@/lib/notify';
import { canChange, useBusiness } from '@/lib/session';
import { invoicePdfHref, invoiceQuery, useInvoiceAction, useMarkInvoicePaid } from '@/features/invoices/api/invoices-api';
import { InvoicePayments } from '@/features/invoices/components/invoice-payments';
import { StatusBadge } from '@/components/status-badge';
import { BusinessTime } from '@/components/business-time';

const EVENT_LABELS: Record<InvoiceEventKind, string> = {
  created: 'Created',
  sent: 'Sent',
  viewed: 'Viewed by the customer',
  reminded: 'Reminder sent',
  overdue: 'Overdue',
  paid: 'Payment received',
  voided: 'Voided',
  refunded: 'Refunded',
};

export function Component() {
  const { business_id: businessId = '', invoice: invoiceId = '' } = useParams();
  const invoice = useQuery(invoiceQuery(businessId, invoiceId));
  if (!invoice.data) return <QueryPage title="Invoice" query={invoice} loadingLabel="Loading the invoice" />;
  return <InvoiceView businessId={businessId} invoice={invoice.data} />;
}

function InvoiceView({ businessId, invoice }: { businessId: string; invoice: InvoiceDetail }) {
  const navigate = useNavigate();
  const business = useBusiness(businessId);
  const mayChange = canChange(business.data, 'payments:create');
  const send = useInvoiceAction(businessId, invoice.id, 'send');
  const remind = useInvoiceAction(businessId, invoice.id, 'remind');
  const voidIt = useInvoiceAction(businessId, invoice.id, 'void');
  const duplicate = useInvoiceAction(businessId, invoice.id, 'duplicate');
  const money = (amount: number) => formatMoneyWithCode(amount, invoice.currency);
  const payable = PAYABLE_INVOICE_STATUSES.includes(invoice.status);
  const sendable = invoice.status === 'draft' || payable;
  const email = invoice.customer.email;

  const confirmVoid = () =>
    modals.openConfirmModal({
      title: `Void ${invoice.number}`,
      children: <Text size="sm">The customer can no longer open or pay this invoice. This cannot be undone.</Text>,
      labels: { confirm: 'Void invoice', cancel: 'Keep invoice' },
      confirmProps: { color: 'red' },
      onConfirm: () => voidIt.mutate(undefined, { onSuccess: () => notifySuccess(`${invoice.number} voided.`) }),
    });
  const confirmSend = () =>
    modals.openConfirmModal({
      title: invoice.status === 'draft' ? `Send ${invoice.number}` : `Send ${invoice.number} again`,
      children: <Text size="sm">We mail {email} a link to the invoice, where they can pay it, with the invoice attached as a PDF.</Text>,
      labels: { confirm: 'Send invoice', cancel: 'Not now' },
      onConfirm: () => send.mutate(undefined, { onSuccess: () => notifySuccess(`${invoice.number} sent to ${email}.`) }),
    });
  const openMarkPaid = () =>
    modals.open({
      title: `Mark ${invoice.number} paid`,
      children: <MarkPaidForm businessId={businessId} invoice={invoice} onDone={() => modals.closeAll()} />,
    });

  // Everyone who may see the invoice may download it; the other actions change it.
  const actions = [
    mayChange &&
      invoice.editable && {
        label: 'Edit',
        to: href('payments.invoices-edit', { business_id: businessId, invoice: invoice.id }),
        icon: <IconPencil size={16} aria-hidden />,
      },
    mayChange &&
      sendable &&
      email && {
        label: invoice.status === 'draft' ? 'Send' : 'Resend',
        primary: true,
        icon: <IconMail size={16} aria-hidden />,
        loading: send.isPending,
        onClick: confirmSend,
      },
    { label: 'Download PDF', href: invoicePdfHref(businessId, invoice.id), download: true, icon: <IconDownload size={16} aria-hidden /> },
    mayChange &&
      payable &&
      email && {
        label: 'Send a reminder',
        more: true,
        icon: <IconMail size={16} aria-hidden />,
        onClick: () => remind.mutate(undefined, { onSuccess: () => notifySuccess(`Reminder sent to ${email}.`) }),
      },
    mayChange && payable && { label: 'Mark paid', more: true, icon: <IconCash size={16} aria-hidden />, onClick: openMarkPaid },
    mayChange && {
      label: 'Duplicate',
      more: true,
      icon: <IconCopy size={16} aria-hidden />,
      onClick: () =>
        duplicate.mutate(undefined, {
          onSuccess: (copy) => {
            notifySuccess(`${copy.number} created from ${invoice.number}.`);
            void navigate(href('payments.invoices-edit', { business_id: businessId, invoice: copy.id }));
          },
        }),
    },
    mayChange &&
      invoice.editable &&
      invoice.status !== 'void' && { label: 'Void', more: true, danger: true, icon: <IconBan size={16} aria-hidden />, onClick: confirmVoid },
  ];

  return (
    <DetailLayout
      back={{ to: href('payments.invoices', { business_id: businessId }), label: 'All invoices' }}
      title={invoice.number}
      status={<StatusBadge kind="invoice" status={invoice.status} />}
      facts={[
        { label: 'Total', value: money(invoice.total) },
        { label: 'Still due', value: money(invoice.amount_due) },
        { label: 'Issued', value: formatDate(invoice.issue_date) },
        { label: 'Due', value: formatDate(invoice.due_date) },
      ]}
      actions={actions}
      side={
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="invoice-timeline">
          <Stack gap="sm">
            <Title order={2} size="h4" id="invoice-timeline">
              Timeline
            </Title>
            <Timeline bulletSize={12} lineWidth={2}>
              {invoice.timeline.map((event, i) => (
                <Timeline.Item key={i} title={EVENT_LABELS[event.kind]}>
                  {event.detail ? <Text size="sm">{event.detail}</Text> : null}
                  <Text size="xs" c="dimmed">
                    <BusinessTime at={event.at} />
                    {event.by ? ` · ${event.by}` : ''}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          </Stack>
        </Paper>
      }
    >
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="invoice-summary">
        <Stack gap="sm">
          <Title order={2} size="h4" id="invoice-summary">
            Summary
          </Title>
          <FactRow>
            <Fact label="Customer">{[invoice.customer.name, invoice.customer.email].filter(Boolean).join(' · ') || '—'}</Fact>
            <Fact label="Paid">{money(invoice.amount_paid)}</Fact>
            <Fact label="Partial payments">{invoice.allow_partial ? 'Allowed' : 'Not allowed'}</Fact>
          </FactRow>
          {invoice.status !== 'draft' && invoice.status !== 'void' ? (
            <Fact label="Customer's page">
              <Anchor href={invoice.url} target="_blank" rel="noreferrer" size="sm">
                {invoice.url}
              </Anchor>
            </Fact>
          ) : null}
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="invoice-lines">
        <Stack gap="sm">
          <Title order={2} size="h4" id="invoice-lines">
            Lines
          </Title>
          <DataList
            label="Lines"
            rows={invoice.lines}
            rowKey={(_line, i) => String(i)}
            striped={false}
            minWidth={520}
            columns={[
              { header: 'Description', card: 'title', cell: (line) => line.description },
              { header: 'Quantity', cell: (line) => line.quantity },
              { header: 'Unit price', nowrap: true, cell: (line) => money(line.unit_price) },
              { header: 'Discount', nowrap: true, cell: (line) => (line.discount_bps ? `${line.discount_bps / 100} %` : '—') },
              { header: 'Amount', card: 'amount', nowrap: true, align: 'right', cell: (line) => money(line.net) },
            ]}
          />
          <Totals invoice={invoice} />
          {invoice.notes ? <Fact label="Notes">{invoice.notes}</Fact> : null}
          {invoice.terms ? <Fact label="Terms">{invoice.terms}</Fact> : null}
        </Stack>
      </Paper>
      <InvoicePayments businessId={businessId} invoiceId={invoice.id} />
    </DetailLayout>
  );
}

/** Subtotal, each tax and the total, as the invoice's own figures (the server's). */
export function Totals({ invoice }: { invoice: Pick<InvoiceDetail, 'subtotal' | 'taxes' | 'total' | 'currency'> }) {
  const money = (amount: number) => formatMoneyWithCode(amount, invoice.currency);
  return (
    <Stack gap={4} align="flex-end" aria-label="Totals" component="section">
      <Text size="sm">Subtotal: {money(invoice.subtotal)}</Text>
      {invoice.taxes.map((tax, i) => (
        <Text size="sm" key={i}>
          {tax.name} ({tax.rate_bps / 100} %): {money(tax.amount)}
        </Text>
      ))}
      <Text fw={700}>Total: {money(invoice.total)}</Text>
    </Stack>
  );
}

function MarkPaidForm({ businessId, invoice, onDone }: { businessId: string; invoice: InvoiceDetail; onDone: () => void }) {
  const mark = useMarkInvoicePaid(businessId, invoice.id);
  const received = useMoneyField(invoice.amount_due);
  const { amount, setError } = received;
  const [note, setNote] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (amount === null || amount <= 0) return setError('Enter an amount');
        mark.mutate(
          { amount, note: note || null },
          {
            onSuccess: (saved) => {
              notifySuccess(`${saved.number}: ${formatMoneyWithCode(amount, invoice.currency)} recorded.`);
              onDone();
            },
            onError: (e) => setError(e instanceof Error ? e.message : 'The payment was not recorded.'),
          },
        );
      }}
    >
      <Stack gap="sm">
        <MoneyInput
          label="Amount received"
          description={`At most ${formatMoneyWithCode(invoice.amount_due, invoice.currency)}, what is still due`}
          {...received.input(invoice.currency)}
          required
        />
        <TextInput
          label="Note"
          description="How it was paid, e.g. bank transfer"
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={200}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={mark.isPending}>
            Record payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
