import { ActionIcon, Button, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { NumberField } from '@/components/form/number-field';
import { SwitchRow } from '@/components/form/switch-row';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { formatMoneyWithCode } from '@merchant/core';
import { BASIS_POINTS, invoiceTotals, type Customer } from '@merchant/payments';
import type { FormErrors, ZodForm } from '@/components/form/use-zod-form';
import { partOf } from '@/components/form/form-fields';
import { CurrencySelect } from '@/components/currency-select';
import { MoneyInput } from '@/components/money-input';
import { CustomerSelect, type CustomerChoice } from '@/components/customer-select';
import { customerOptionsQuery, productOptionsQuery } from '@/features/invoices/api/invoices-api';
import { NewCustomerButton } from '@/features/invoices/components/new-customer';
import { Totals } from '@/features/invoices/routes/invoice-detail/invoice-detail-screen';

/**
 * What an invoice says, as a form edits it: the customer, lines, taxes, notes and terms. The invoice form adds
 * its dates; the repeating invoice form adds its schedule. Both validate with their own body schema.
 */
export type LineValues = {
  product_id: string;
  description: string;
  quantity: number;
  /** Null while the field is empty or not a whole amount. */
  unit_price: number | null;
  discount_bps: number;
};
export type ContentValues = {
  customer_id: string;
  currency: string;
  lines: LineValues[];
  taxes: { name: string; rate_bps: number }[];
  notes: string;
  terms: string;
  allow_partial: boolean;
};

export const blankLine = (): LineValues => ({ product_id: '', description: '', quantity: 1, unit_price: null, discount_bps: 0 });

/** What an invoice or a repeating invoice says, as form values; a new one starts with one empty line. */
export function contentValuesOf(
  source:
    | {
        customer: { id: string };
        currency: string;
        lines: { product_id: string | null; description: string; quantity: number; unit_price: number; discount_bps: number }[];
        taxes: { name: string; rate_bps: number }[];
        notes: string | null;
        terms: string | null;
        allow_partial: boolean;
      }
    | undefined,
  currency: string,
): ContentValues {
  if (!source) return { customer_id: '', currency, lines: [blankLine()], taxes: [], notes: '', terms: '', allow_partial: false };
  return {
    customer_id: source.customer.id,
    currency: source.currency,
    lines: source.lines.map((l) => ({
      product_id: l.product_id ?? '',
      description: l.description,
      quantity: l.quantity,
      unit_price: l.unit_price,
      discount_bps: l.discount_bps,
    })),
    taxes: source.taxes.map((t) => ({ name: t.name, rate_bps: t.rate_bps })),
    notes: source.notes ?? '',
    terms: source.terms ?? '',
    allow_partial: source.allow_partial,
  };
}

/** Setters over a form's values that clear the errors of what they change. */
export function contentSetters<V extends ContentValues>(form: ZodForm<z.core.$ZodType, V>) {
  const clear = (...paths: string[]) =>
    form.setErrors(Object.fromEntries(Object.entries(form.errors).filter(([path]) => !paths.some((p) => path.startsWith(p)))) as FormErrors);
  return {
    clear,
    set: <K extends keyof V>(key: K, value: V[K]) => {
      form.setValues((previous) => ({ ...previous, [key]: value }));
      clear(String(key));
    },
    setLine: (index: number, patch: Partial<LineValues>) => {
      form.setValues((previous) => ({ ...previous, lines: previous.lines.map((line, i) => (i === index ? { ...line, ...patch } : line)) }));
      clear(`lines.${index}`, 'lines');
    },
    setTax: (index: number, patch: Partial<{ name: string; rate_bps: number }>) => {
      form.setValues((previous) => ({ ...previous, taxes: previous.taxes.map((tax, i) => (i === index ? { ...tax, ...patch } : tax)) }));
      clear(`taxes.${index}`);
    },
  };
}

interface ContentFieldsProps<V extends ContentValues> {
  businessId: string;
  form: ZodForm<z.core.$ZodType, V>;
  /** The customer the saved invoice names, listed even when the search does not find them. */
  customer: { id: string; name: string | null; email: string | null } | undefined;
  /** The section title of the customer section and what it shows after the customer and currency (dates). */
  customerTitle: string;
  customerExtra?: ReactNode;
  /** Sections between the customer and the lines (a schedule). */
  between?: ReactNode;
}

/** The customer, lines, taxes (with the live total from the package's money rules), payment and notes sections. */
export function InvoiceContentFields<V extends ContentValues>({ businessId, form, customer, customerTitle, customerExtra, between }: ContentFieldsProps<V>) {
  const { values, setValues, errors } = form;
  const { set, setLine, setTax } = contentSetters(form);
  const fields = partOf<ContentValues>(form);
  const currency = values.currency;
  const money = (amount: number) => formatMoneyWithCode(amount, currency);

  const [customerSearch, setCustomerSearch] = useState('');
  const deferredSearch = useDeferredValue(customerSearch.trim());
  const customers = useQuery(customerOptionsQuery(businessId, deferredSearch));
  const products = useQuery(productOptionsQuery(businessId));
  // A customer just added in the dialog may not be on the picker's page yet.
  const [added, setAdded] = useState<Customer | null>(null);
  const customerChoices: CustomerChoice[] = [...(customers.data ?? [])];
  for (const known of [customer, added]) {
    if (known && !customerChoices.some((c) => c.id === known.id)) customerChoices.unshift(known);
  }
  const productOptions = (products.data ?? []).filter((p) => p.currency === currency).map((p) => ({ value: p.id, label: `${p.name} · ${money(p.amount)}` }));

  // The same rules as the server: what is complete so far, totalled as you type.
  const totals = invoiceTotals(
    values.lines.map((l) => ({
      quantity: Number.isFinite(l.quantity) && l.quantity > 0 ? l.quantity : 0,
      unit_price: l.unit_price ?? 0,
      discount_bps: l.discount_bps,
    })),
    values.taxes,
  );

  return (
    <>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="invoice-customer">
        <Stack gap="md">
          <Title order={2} size="h4" id="invoice-customer">
            {customerTitle}
          </Title>
          <CustomerSelect
            label="Customer"
            placeholder="Search by name or email"
            customers={customerChoices}
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
              onCreated={(created) => {
                setAdded(created);
                set('customer_id', created.id);
              }}
            />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <CurrencySelect value={currency} onChange={(code) => set('currency', code)} error={errors.currency} />
            {customerExtra}
          </SimpleGrid>
        </Stack>
      </Paper>

      {between}

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
                    label="Product"
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
                    label="Description"
                    value={line.description}
                    onChange={(e) => setLine(i, { description: e.currentTarget.value })}
                    error={errors[`lines.${i}.description`]}
                    required
                  />
                  <NumberField {...fields.number(`lines.${i}.quantity`, { empty: Number.NaN })} label="Quantity" decimals={3} required />
                  <MoneyInput {...fields.money(`lines.${i}.unit_price`, currency)} label="Unit price" required />
                  <NumberField
                    {...fields.number(`lines.${i}.discount_bps`, { basisPoints: true, empty: 0 })}
                    label="Discount %"
                    min={0}
                    max={BASIS_POINTS / 100}
                    decimals={2}
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
            // One group per tax names its fields ("Tax 2", then "Tax name"), as a line's box does.
            <Group
              key={i}
              align="flex-end"
              wrap="nowrap"
              component="fieldset"
              aria-label={`Tax ${i + 1}`}
              style={{ margin: 0, padding: 0, border: 0, minWidth: 0 }}
            >
              <TextInput
                label="Tax name"
                value={tax.name}
                onChange={(e) => setTax(i, { name: e.currentTarget.value })}
                error={errors[`taxes.${i}.name`]}
                style={{ flex: 1 }}
                required
              />
              <NumberField {...fields.number(`taxes.${i}.rate_bps`, { basisPoints: true, empty: 0 })} label="Rate %" min={0} max={100} decimals={2} w={120} />
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
          <SwitchRow
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
    </>
  );
}
