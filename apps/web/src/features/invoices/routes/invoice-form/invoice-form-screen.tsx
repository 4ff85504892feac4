import { ActionIcon, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { formatMoneyWithCode } from '@merchant/core';
import { BASIS_POINTS, InvoiceBodySchema, invoiceTotals, type Customer, type InvoiceDetail } from '@merchant/payments';
import { href } from '@/app/route-table';
import { CurrencySelect } from '@/components/currency-select';
import { useZodForm } from '@/components/form/use-zod-form';
import { LoadingScreen } from '@/components/loading-screen';
import { MoneyInput } from '@/components/money-input';
import { PageFrame } from '@/components/page-frame';
import { QueryStatus } from '@/components/query-status';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { notifySuccess } from '@/lib/notify';
import { useBusiness } from '@/lib/session';
import { NewCustomerButton } from '@/features/invoices/components/new-customer';
import { customerOptionsQuery, invoiceQuery, productOptionsQuery, useSaveInvoice } from '@/features/invoices/api/invoices-api';
import { Totals } from '@/features/invoices/routes/invoice-detail/invoice-detail-screen';

type LineValues = {
  product_id: string;
  description: string;
  quantity: number;
  /** Null while the field is empty or not a whole amount. */
  unit_price: number | null;
  discount_bps: number;
};
type InvoiceValues = {
  customer_id: string;
  currency: string;
  issue_date: string;
  due_date: string;
  lines: LineValues[];
  taxes: { name: string; rate_bps: number }[];
  notes: string;
  terms: string;
  allow_partial: boolean;
};

const today = () => new Date().toLocaleDateString('en-CA');
const inDays = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return d.toLocaleDateString('en-CA');
};
const blankLine = (): LineValues => ({ product_id: '', description: '', quantity: 1, unit_price: null, discount_bps: 0 });

function valuesOf(invoice: InvoiceDetail | undefined, currency: string): InvoiceValues {
  if (!invoice) {
    return {
      customer_id: '',
      currency,
      issue_date: today(),
      due_date: inDays(14),
      lines: [blankLine()],
      taxes: [],
      notes: '',
      terms: '',
      allow_partial: false,
    };
  }
  return {
    customer_id: invoice.customer.id,
    currency: invoice.currency,
    issue_date: invoice.issue_date,
    due_date: invoice.due_date,
    lines: invoice.lines.map((l) => ({
      product_id: l.product_id ?? '',
      description: l.description,
      quantity: l.quantity,
      unit_price: l.unit_price,
      discount_bps: l.discount_bps,
    })),
    taxes: invoice.taxes.map((t) => ({ name: t.name, rate_bps: t.rate_bps })),
    notes: invoice.notes ?? '',
    terms: invoice.terms ?? '',
    allow_partial: invoice.allow_partial,
  };
}

/** Create (no invoice in the path) and edit of an invoice: drafts save without sending. */
export function Component() {
  const { business_id: businessId = '', invoice: invoiceId } = useParams();
  const business = useBusiness(businessId);
  const invoice = useQuery({ ...invoiceQuery(businessId, invoiceId ?? ''), enabled: invoiceId !== undefined });
  if (!business.data) return <LoadingScreen />;
  const title = invoiceId ? `Edit ${invoice.data?.number ?? 'invoice'}` : 'Create invoice';
  if (invoiceId && !invoice.data) {
    return (
      <PageFrame title={title}>
        <QueryStatus query={invoice} loadingLabel="Loading the invoice" />
      </PageFrame>
    );
  }
  return (
    <PageFrame title={title} description="Saving keeps the invoice as it is: send it from its page when it is ready.">
      <InvoiceForm key={invoice.data?.id ?? 'new'} businessId={businessId} invoice={invoice.data} defaultCurrency={business.data.currency} />
    </PageFrame>
  );
}

function InvoiceForm({ businessId, invoice, defaultCurrency }: { businessId: string; invoice: InvoiceDetail | undefined; defaultCurrency: string }) {
  const navigate = useNavigate();
  const initial = useMemo(() => valuesOf(invoice, defaultCurrency), [invoice, defaultCurrency]);
  const form = useZodForm(InvoiceBodySchema, initial);
  const save = useSaveInvoice(businessId, invoice?.id);
  const { values, setValues, errors } = form;
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const currency = values.currency;
  const money = (amount: number) => formatMoneyWithCode(amount, currency);

  const [customerSearch, setCustomerSearch] = useState('');
  const deferredSearch = useDeferredValue(customerSearch.trim());
  const customers = useQuery(customerOptionsQuery(businessId, deferredSearch));
  const products = useQuery(productOptionsQuery(businessId));
  // A customer just added in the dialog may not be on the picker's page yet.
  const [added, setAdded] = useState<Customer | null>(null);
  const labelOf = (c: { id: string; name: string | null; email: string | null }) => [c.name, c.email].filter(Boolean).join(' · ') || c.id;
  const customerOptions = (customers.data ?? []).map((c) => ({ value: c.id, label: labelOf(c) }));
  for (const known of [invoice?.customer, added]) {
    if (known && !customerOptions.some((o) => o.value === known.id)) customerOptions.unshift({ value: known.id, label: labelOf(known) });
  }
  const productOptions = (products.data ?? []).filter((p) => p.currency === currency).map((p) => ({ value: p.id, label: `${p.name} · ${money(p.amount)}` }));

  const clear = (...paths: string[]) =>
    form.setErrors(Object.fromEntries(Object.entries(form.errors).filter(([path]) => !paths.some((p) => path.startsWith(p)))));
  const set = <K extends keyof InvoiceValues>(key: K, value: InvoiceValues[K]) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    clear(String(key));
  };
  const setLine = (index: number, patch: Partial<LineValues>) => {
    setValues((previous) => ({ ...previous, lines: previous.lines.map((line, i) => (i === index ? { ...line, ...patch } : line)) }));
    clear(`lines.${index}`, 'lines');
  };
  const setTax = (index: number, patch: Partial<{ name: string; rate_bps: number }>) => {
    setValues((previous) => ({ ...previous, taxes: previous.taxes.map((tax, i) => (i === index ? { ...tax, ...patch } : tax)) }));
    clear(`taxes.${index}`);
  };

  // The same rules as the server: what is complete so far, totalled as you type.
  const totals = invoiceTotals(
    values.lines.map((l) => ({
      quantity: Number.isFinite(l.quantity) && l.quantity > 0 ? l.quantity : 0,
      unit_price: l.unit_price ?? 0,
      discount_bps: l.discount_bps,
    })),
    values.taxes,
  );

  const submit = form.onSubmit((body) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        notifySuccess(invoice ? `${saved.number} saved.` : `${saved.number} saved as a draft.`);
        void navigate(href('payments.invoices-detail', { business_id: businessId, invoice: saved.id }));
      },
      onError: form.handleServerError,
    }),
  );

  const list = href('payments.invoices', { business_id: businessId });
  return (
    <EditForm dirty={dirty} saving={save.isPending} onSave={submit} backTo={list} saveLabel={invoice ? 'Save' : 'Save draft'}>
      <Stack gap="md" maw={960}>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="invoice-customer">
          <Stack gap="md">
            <Title order={2} size="h4" id="invoice-customer">
              Customer and dates
            </Title>
            <Select
              label="Customer"
              placeholder="Search by name or email"
              data={customerOptions}
              value={values.customer_id || null}
              onChange={(v) => set('customer_id', v ?? '')}
              searchable
              searchValue={customerSearch}
              onSearchChange={setCustomerSearch}
              nothingFoundMessage={customers.isFetching ? 'Searching…' : 'No customer matches: add them with New customer'}
              filter={({ options }) => options}
              error={errors.customer_id}
              name="customer_id"
              required
            />
            <Group justify="flex-start" mt={-8}>
              <NewCustomerButton
                businessId={businessId}
                onCreated={(customer) => {
                  setAdded(customer);
                  set('customer_id', customer.id);
                }}
              />
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <CurrencySelect value={currency} onChange={(code) => set('currency', code)} error={errors.currency} />
              <TextInput
                label="Issue date"
                type="date"
                value={values.issue_date}
                onChange={(e) => set('issue_date', e.currentTarget.value)}
                error={errors.issue_date}
                required
              />
              <TextInput
                label="Due date"
                type="date"
                value={values.due_date}
                onChange={(e) => set('due_date', e.currentTarget.value)}
                error={errors.due_date}
                required
              />
            </SimpleGrid>
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="invoice-lines-form">
          <Stack gap="md">
            <Title order={2} size="h4" id="invoice-lines-form">
              Lines
            </Title>
            {errors.lines ? (
              <Text size="sm" c="red.8" role="alert">
                {errors.lines}
              </Text>
            ) : null}
            {values.lines.map((line, i) => (
              <Paper key={i} withBorder radius="sm" p="sm" component="fieldset" aria-label={`Line ${i + 1}`} style={{ margin: 0 }}>
                <Stack gap="xs">
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={600} size="sm">
                      Line {i + 1}
                    </Text>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove line ${i + 1}`}
                      disabled={values.lines.length === 1}
                      onClick={() => setValues((p) => ({ ...p, lines: p.lines.filter((_, j) => j !== i) }))}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                  {productOptions.length > 0 ? (
                    <Select
                      label={`Product (line ${i + 1})`}
                      placeholder="Free text"
                      data={productOptions}
                      value={line.product_id || null}
                      clearable
                      onChange={(v) => {
                        const product = products.data?.find((p) => p.id === v);
                        setLine(i, product ? { product_id: product.id, description: product.name, unit_price: product.amount } : { product_id: '' });
                      }}
                    />
                  ) : null}
                  <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="sm">
                    <TextInput
                      label={`Description (line ${i + 1})`}
                      value={line.description}
                      onChange={(e) => setLine(i, { description: e.currentTarget.value })}
                      error={errors[`lines.${i}.description`]}
                      required
                    />
                    <NumberInput
                      label={`Quantity (line ${i + 1})`}
                      value={line.quantity}
                      onChange={(v) => setLine(i, { quantity: typeof v === 'number' ? v : Number.NaN })}
                      decimalScale={3}
                      error={errors[`lines.${i}.quantity`]}
                      required
                    />
                    <MoneyInput
                      label={`Unit price (line ${i + 1})`}
                      currency={currency}
                      value={line.unit_price}
                      onChange={(v) => setLine(i, { unit_price: v })}
                      error={errors[`lines.${i}.unit_price`]}
                      required
                    />
                    <NumberInput
                      label={`Discount % (line ${i + 1})`}
                      value={line.discount_bps / 100}
                      onChange={(v) => setLine(i, { discount_bps: Math.round((typeof v === 'number' ? v : 0) * 100) })}
                      min={0}
                      max={BASIS_POINTS / 100}
                      decimalScale={2}
                      error={errors[`lines.${i}.discount_bps`]}
                    />
                  </SimpleGrid>
                  <Text size="sm" ta="right">
                    Line amount: {money(totals.lines[i]?.net ?? 0)}
                  </Text>
                </Stack>
              </Paper>
            ))}
            <Group>
              <Button
                variant="default"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => setValues((p) => ({ ...p, lines: [...p.lines, blankLine()] }))}
              >
                Add line
              </Button>
            </Group>
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="invoice-taxes">
          <Stack gap="md">
            <Title order={2} size="h4" id="invoice-taxes">
              Taxes
            </Title>
            {values.taxes.map((tax, i) => (
              <Group key={i} align="flex-end" wrap="nowrap">
                <TextInput
                  label={`Tax name (tax ${i + 1})`}
                  value={tax.name}
                  onChange={(e) => setTax(i, { name: e.currentTarget.value })}
                  error={errors[`taxes.${i}.name`]}
                  style={{ flex: 1 }}
                  required
                />
                <NumberInput
                  label={`Rate % (tax ${i + 1})`}
                  value={tax.rate_bps / 100}
                  onChange={(v) => setTax(i, { rate_bps: Math.round((typeof v === 'number' ? v : 0) * 100) })}
                  min={0}
                  max={100}
                  decimalScale={2}
                  error={errors[`taxes.${i}.rate_bps`]}
                  w={120}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove tax ${i + 1}`}
                  mb={6}
                  onClick={() => setValues((p) => ({ ...p, taxes: p.taxes.filter((_, j) => j !== i) }))}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                variant="default"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => setValues((p) => ({ ...p, taxes: [...p.taxes, { name: '', rate_bps: 0 }] }))}
              >
                Add tax
              </Button>
            </Group>
            <Totals
              invoice={{
                currency,
                subtotal: totals.subtotal,
                total: totals.total,
                taxes: values.taxes.map((t, i) => ({ ...t, amount: totals.taxes[i] ?? 0 })),
              }}
            />
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="invoice-more">
          <Stack gap="md">
            <Title order={2} size="h4" id="invoice-more">
              Payment and notes
            </Title>
            <Switch
              label="Allow partial payments"
              description="The customer may pay part of what is due, then the rest later"
              checked={values.allow_partial}
              onChange={(e) => set('allow_partial', e.currentTarget.checked)}
            />
            <Textarea
              label="Notes"
              description="Shown on the invoice"
              autosize
              minRows={2}
              value={values.notes}
              onChange={(e) => set('notes', e.currentTarget.value)}
              error={errors.notes}
            />
            <Textarea
              label="Terms"
              description="Payment terms, shown at the bottom"
              autosize
              minRows={2}
              value={values.terms}
              onChange={(e) => set('terms', e.currentTarget.value)}
              error={errors.terms}
            />
          </Stack>
        </Paper>
      </Stack>
    </EditForm>
  );
}
