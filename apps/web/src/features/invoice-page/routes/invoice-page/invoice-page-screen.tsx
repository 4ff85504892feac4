import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { formatDateTime, formatMoneyWithCode } from '@merchant/core';
import { PAYMENT_METHOD_LABELS, invoiceCustomerStatus, publicInvoicePdfPath, type InvoicePage } from '@merchant/payments';
import { CheckoutFrame } from '@/components/checkout-frame';
import { DataList } from '@/components/data-list';
import { Fact, FactRow } from '@/components/fact';
import { LongText } from '@/components/long-text';
import { LoadingScreen } from '@/components/loading-screen';
import { MoneyInput } from '@/components/money-input';
import { useMoneyField } from '@/components/form/use-money-field';
import { StatusPage } from '@/components/status-page';
import { ApiError } from '@/lib/api-client';
import { errorMessage, fieldErrors } from '@/lib/error-message';
import { invoicePageQuery, usePayInvoice } from '@/features/invoice-page/api/invoice-page-api';
import { formatDate, formatNumber } from '@merchant/core';

const displayDate = formatDate;

const STATUS_COLORS: Partial<Record<InvoicePage['status'], string>> = { paid: 'green', refunded: 'gray', overdue: 'red' };

/** The invoice's state in the customer's words ("Due 12 Dec", "Overdue since 12 Dec", "Paid"), as its PDF says it. */
function customerStatus(invoice: Pick<InvoicePage, 'status' | 'due_date'>): { label: string; color: string } {
  return { label: invoiceCustomerStatus(invoice, new Date().getFullYear()), color: STATUS_COLORS[invoice.status] ?? 'blue' };
}

const percent = (bps: number) => `${formatNumber(bps / 100, 2)} %`;

/**
 * The customer's invoice on the invoice host (`/{business_id}/{invoice}`, docs/payments.md "Paying an
 * invoice"): the business's header, the invoice, what has been paid, and Pay, which hands over to the hosted
 * checkout and comes back here. An invoice that does not exist (or was voided) is the 404 page.
 */
export function Component() {
  const { business_id: businessId = '', invoice = '' } = useParams();
  const page = useQuery(invoicePageQuery(businessId, invoice));
  if (page.isPending) return <LoadingScreen />;
  if (page.isError) {
    // A malformed link (422) names no invoice either: the same 404 page.
    if (page.error instanceof ApiError && (page.error.status === 404 || page.error.status === 422)) {
      return (
        <StatusPage
          code="404"
          title="Page not found"
          message="This invoice does not exist or is no longer available. Check the link in your email, or ask the business for a new one."
          homeHref="/"
          action={<></>}
        />
      );
    }
    return (
      <CheckoutFrame business={null} testMode={false}>
        <Alert color="red" title="This invoice could not be loaded" role="alert">
          {errorMessage(page.error)}
        </Alert>
      </CheckoutFrame>
    );
  }
  return (
    <CheckoutFrame business={page.data.business} testMode={page.data.test_mode} maw={720}>
      <InvoiceView businessId={businessId} publicId={invoice} invoice={page.data} />
    </CheckoutFrame>
  );
}

/** One row of the totals (a term and its amount); `ruled` draws a line above it. */
function Amount({ label, children, strong, ruled }: { label: string; children: ReactNode; strong?: boolean; ruled?: boolean }) {
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="md"
      pt={ruled ? 6 : undefined}
      style={ruled ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
    >
      <Text size="sm" fw={strong ? 700 : undefined} component="dt">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} component="dd" m={0} ta="right">
        {children}
      </Text>
    </Group>
  );
}

function InvoiceView({ businessId, publicId, invoice }: { businessId: string; publicId: string; invoice: InvoicePage }) {
  const money = (minor: number) => formatMoneyWithCode(minor, invoice.currency);
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="invoice-title">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="xs">
            <div>
              <Title order={1} size="h3" id="invoice-title">
                Invoice {invoice.number}
              </Title>
              <Text size="sm" c="dimmed">
                from {invoice.business.name}
              </Text>
            </div>
            <Group gap="xs" justify="flex-end" align="center">
              <Badge color={customerStatus(invoice).color} variant="light" size="lg" data-testid="invoice-state">
                {customerStatus(invoice).label}
              </Badge>
              <Button
                component="a"
                href={publicInvoicePdfPath(businessId, publicId)}
                download
                variant="default"
                size="xs"
                leftSection={<IconDownload size={14} aria-hidden />}
              >
                Download PDF
              </Button>
            </Group>
          </Group>
          <FactRow>
            <Fact label="Billed to">
              {invoice.customer.name || invoice.customer.email ? (
                <>
                  {invoice.customer.name ? <span style={{ display: 'block' }}>{invoice.customer.name}</span> : null}
                  {invoice.customer.email ? (
                    <span style={{ display: 'block' }}>
                      <LongText>{invoice.customer.email}</LongText>
                    </span>
                  ) : null}
                </>
              ) : (
                '—'
              )}
            </Fact>
            <Fact label="Issued">{displayDate(invoice.issue_date)}</Fact>
            <Fact label="Due">{displayDate(invoice.due_date)}</Fact>
          </FactRow>
          <DataList
            label="Invoice lines"
            rows={invoice.lines}
            rowKey={(_line, i) => String(i)}
            striped={false}
            minWidth={0}
            columns={[
              {
                header: 'Item',
                card: 'title',
                cell: (line) => (
                  <>
                    <Text size="sm">{line.description}</Text>
                    <Text size="xs" c="dimmed">
                      {formatNumber(line.quantity, 3)} × {money(line.unit_price)}
                      {line.discount_bps > 0 ? `, ${percent(line.discount_bps)} off` : ''}
                    </Text>
                  </>
                ),
              },
              { header: 'Amount', card: 'amount', align: 'right', nowrap: true, cell: (line) => money(line.net) },
            ]}
          />
          <Stack gap={6} component="dl" m={0} aria-label="Totals">
            <Amount label="Subtotal">{money(invoice.subtotal)}</Amount>
            {invoice.taxes.map((tax, i) => (
              <Amount key={i} label={`${tax.name} (${percent(tax.rate_bps)})`}>
                {money(tax.amount)}
              </Amount>
            ))}
            <Amount label="Total" strong>
              {money(invoice.total)}
            </Amount>
            {invoice.amount_paid > 0 ? <Amount label="Paid">{money(invoice.amount_paid)}</Amount> : null}
            <Amount label="Amount due" strong ruled>
              <span data-testid="invoice-amount-due">{money(invoice.amount_due)}</span>
            </Amount>
          </Stack>
          {invoice.notes ? (
            <Fact label="Notes">
              <span style={{ whiteSpace: 'pre-line' }}>{invoice.notes}</span>
            </Fact>
          ) : null}
          {invoice.terms ? (
            <Fact label="Terms">
              <span style={{ whiteSpace: 'pre-line' }}>{invoice.terms}</span>
            </Fact>
          ) : null}
        </Stack>
      </Paper>
      {invoice.payable ? (
        <PayPanel businessId={businessId} publicId={publicId} invoice={invoice} payable={invoice.payable} />
      ) : invoice.unavailable ? (
        <Alert color="yellow" title="Payment unavailable" role="status">
          {invoice.unavailable}
        </Alert>
      ) : invoice.status === 'paid' ? (
        <Alert color="green" title="Paid in full" role="status">
          Thank you. {invoice.business.name} has received the full amount of this invoice.
        </Alert>
      ) : null}
      {invoice.payments.length > 0 ? <Payments invoice={invoice} /> : null}
    </Stack>
  );
}

/** Pay: everything that is due, or (where the invoice allows it) the amount the customer types. */
function PayPanel({
  businessId,
  publicId,
  invoice,
  payable,
}: {
  businessId: string;
  publicId: string;
  invoice: InvoicePage;
  payable: { min: number; max: number };
}) {
  const pay = usePayInvoice(businessId, publicId);
  const money = (minor: number) => formatMoneyWithCode(minor, invoice.currency);
  const partial = invoice.allow_partial && payable.min < payable.max;
  const chosen = useMoneyField(payable.max);
  const { amount, setError } = chosen;
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (partial) {
      if (amount === null) return setError('Enter the amount to pay');
      if (amount < payable.min || amount > payable.max) return setError(`Enter an amount from ${money(payable.min)} to ${money(payable.max)}`);
    }
    setError(undefined);
    pay.mutate(partial && amount !== null ? { amount } : {}, {
      onSuccess: (answer) => window.location.assign(answer.checkout_url),
      onError: (e) => {
        const issues = fieldErrors(e);
        if (issues.amount) setError(issues.amount);
        else setFailure(errorMessage(e));
      },
    });
  };

  const paying = partial ? amount : payable.max;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="form" onSubmit={submit} noValidate aria-labelledby="pay-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="pay-title">
          Pay this invoice
        </Title>
        {partial ? (
          <MoneyInput
            {...chosen.input(invoice.currency)}
            label="Amount to pay"
            description={`You may pay part of it: from ${money(payable.min)} up to ${money(payable.max)}.`}
            required
          />
        ) : null}
        {failure ? (
          <Alert color="red" title="Payment not started" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Button type="submit" size="md" loading={pay.isPending} fullWidth>
          {paying !== null ? `Pay ${money(paying)}` : 'Pay'}
        </Button>
        <Text size="xs" c="dimmed">
          You pay on our secure checkout page and come back here afterwards.
        </Text>
      </Stack>
    </Paper>
  );
}

function Payments({ invoice }: { invoice: InvoicePage }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="payments-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="payments-title">
          Your payments
        </Title>
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {invoice.payments.map((p) => (
            <Group key={p.receipt_url} component="li" justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
              <div>
                <Text size="sm" fw={600}>
                  {formatMoneyWithCode(p.amount.amount, p.amount.currency)}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(p.paid_at, invoice.business.time_zone)} · {PAYMENT_METHOD_LABELS[p.method]}
                  {p.card ? ` ending ${p.card.last4}` : ''}
                </Text>
              </div>
              <Anchor
                href={p.receipt_url}
                size="sm"
                aria-label={`Receipt of ${formatMoneyWithCode(p.amount.amount, p.amount.currency)}, ${formatDateTime(p.paid_at, invoice.business.time_zone)}`}
              >
                Receipt
              </Anchor>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
