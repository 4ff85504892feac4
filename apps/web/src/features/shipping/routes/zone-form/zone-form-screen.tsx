import { useMemo, useState } from 'react';
import { ActionIcon, Button, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { COUNTRY_CODES } from '@merchant/core';
import { MAX_RATE_BANDS, MAX_ZONE_RATES, ShippingZoneBodySchema, type ShippingRateKind, type ShippingZone } from '@merchant/catalogue';
import { href } from '@/app/route-table';
import { NumberField } from '@/components/form/number-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { MoneyInput } from '@/components/money-input';
import { PageFrame } from '@/components/page-frame';
import { QueryPage } from '@/components/query-status';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { errorMessage } from '@/lib/error-message';
import { modals } from '@/lib/modals';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useBusiness, useCanChange } from '@/lib/session';
import { useRemoveZone, useSaveZone, zoneQuery } from '@/features/shipping/api/shipping-api';
import { countryName } from '@/features/shipping/components/shipping-words';

type Band = { up_to: number | null; amount: number | null };
type RateValues = { id?: string; name: string; estimate: string; kind: ShippingRateKind; amount: number | null; bands: Band[]; free_over: number | null };
type Values = { name: string; countries: string[]; postcodes: string; rates: RateValues[] };

const KINDS: { value: ShippingRateKind; label: string }[] = [
  { value: 'flat', label: 'Flat rate' },
  { value: 'weight', label: 'By weight' },
  { value: 'value', label: 'By order value' },
];
const newRate = (): RateValues => ({ name: '', estimate: '', kind: 'flat', amount: null, bands: [{ up_to: null, amount: null }], free_over: null });

const COUNTRIES = COUNTRY_CODES.map((c) => ({ value: c.toLowerCase(), label: countryName(c) })).sort((a, b) => a.label.localeCompare(b.label, 'en'));

function valuesOf(zone: ShippingZone | undefined): Values {
  if (!zone) return { name: '', countries: [], postcodes: '', rates: [newRate()] };
  return {
    name: zone.name,
    countries: zone.countries,
    postcodes: zone.postcodes.join('\n'),
    rates: zone.rates.map((r) => ({
      id: r.id,
      name: r.name,
      estimate: r.estimate ?? '',
      kind: r.kind,
      amount: r.amount,
      bands: r.bands.length ? r.bands : [{ up_to: null, amount: null }],
      free_over: r.free_over,
    })),
  };
}

/** What the form holds, as the endpoint's body (an amount left empty is refused by the schema as missing). */
function bodyOf(v: Values) {
  return {
    name: v.name,
    countries: v.countries,
    postcodes: v.postcodes
      .split(/[\n,;]+/)
      .map((p) => p.trim())
      .filter(Boolean),
    rates: v.rates.map((r) => {
      const common = { ...(r.id ? { id: r.id } : {}), name: r.name, estimate: r.estimate, free_over: r.free_over };
      return r.kind === 'flat' ? { ...common, kind: r.kind, amount: r.amount } : { ...common, kind: r.kind, bands: r.bands };
    }),
  };
}
const FormSchema = z.preprocess((v) => bodyOf(v as Values), ShippingZoneBodySchema);

/** Create (no id in the path) and edit (the zone's id) of a shipping zone, its rates edited inside it. */
export function Component() {
  const { business_id: businessId = '', b_shipping: id } = useParams();
  const business = useBusiness(businessId);
  const zone = useQuery({ ...zoneQuery(businessId, id ?? ''), enabled: id !== undefined });
  const title = id ? 'Edit shipping zone' : 'Create shipping zone';
  if (!business.data || (id && !zone.data)) return <QueryPage title={title} query={id ? zone : business} loadingLabel="Loading the shipping zone" />;
  return (
    <ZoneForm key={zone.data?.id ?? 'new'} businessId={businessId} zone={zone.data} currency={zone.data?.currency ?? business.data.currency} title={title} />
  );
}

function ZoneForm({ businessId, zone, currency, title }: { businessId: string; zone: ShippingZone | undefined; currency: string; title: string }) {
  const navigate = useNavigate();
  const mayChange = useCanChange(businessId, 'store:manage');
  const [start] = useState(() => valuesOf(zone));
  const form = useZodForm(FormSchema, start);
  const save = useSaveZone(businessId, zone?.id);
  const remove = useRemoveZone(businessId, zone?.id ?? '');
  const list = href('online-store.shipping-pickup', { business_id: businessId });
  const { values, errors, setValues } = form;
  const dirty = JSON.stringify(values) !== JSON.stringify(start);
  const firstError = (prefix: string) => errors[prefix] ?? Object.entries(errors).find(([path]) => path.startsWith(`${prefix}.`))?.[1];
  const countryOptions = useMemo(() => COUNTRIES, []);

  const setRate = (i: number, change: (r: RateValues) => RateValues) => setValues((v) => ({ ...v, rates: v.rates.map((r, j) => (j === i ? change(r) : r)) }));

  const submit = form.onSubmit((body) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        notifySuccess(zone ? `${saved.name} saved.` : `${saved.name} added.`);
        void navigate(list);
      },
      onError: form.handleServerError,
    }),
  );

  const confirmRemove = () =>
    zone &&
    modals.openConfirmModal({
      title: `Delete “${zone.name}”?`,
      children: <Text size="sm">Its rates go with it: the checkout no longer offers them. Orders already placed keep their delivery.</Text>,
      labels: { confirm: 'Delete zone', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => {
            notifySuccess('Shipping zone deleted.');
            void navigate(list);
          },
          onError: (error) => notifyError(errorMessage(error)),
        }),
    });

  return (
    <PageFrame
      title={title}
      description={zone ? zone.name : 'The countries or postcodes you deliver to, and what delivery costs there.'}
      actions={
        zone && mayChange ? [{ label: 'Delete zone', icon: <IconTrash size={16} aria-hidden />, onClick: confirmRemove, danger: true, more: true }] : undefined
      }
    >
      <EditForm dirty={dirty} saving={save.isPending} onSave={submit} backTo={list} saveLabel={zone ? 'Save' : 'Create zone'} readOnly={!mayChange}>
        <Stack gap="lg" maw={760}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="zone-area">
            <Stack gap="md">
              <Title order={2} size="h4" id="zone-area">
                Where
              </Title>
              <TextInput
                {...form.field('name')}
                label="Name"
                description="Unique among your zones: Domestic, Europe"
                required
                autoComplete="off"
                autoFocus={!zone}
              />
              <MultiSelect
                name="countries"
                label="Countries"
                description="Where this zone delivers"
                data={countryOptions}
                value={values.countries}
                onChange={(countries) => {
                  setValues((v) => ({ ...v, countries }));
                  form.setErrors(Object.fromEntries(Object.entries(errors).filter(([path]) => !path.startsWith('countries'))));
                }}
                error={firstError('countries')}
                searchable
                required
                hidePickedOptions
              />
              <Textarea
                {...form.field('postcodes')}
                error={firstError('postcodes')}
                label="Postcodes (optional)"
                description="One per line: an exact postcode (018956), a prefix (12*) or a range (10000-19999). Empty: the whole of its countries. A zone with postcodes wins over a zone of the whole country."
                autosize
                minRows={2}
              />
            </Stack>
          </Paper>

          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="zone-rates">
            <Stack gap="md">
              <Title order={2} size="h4" id="zone-rates">
                Rates
              </Title>
              <Text size="sm" c="dimmed">
                The checkout offers every rate that takes the order, cheapest first.
              </Text>
              {errors.rates ? (
                <Text size="sm" c="red">
                  {errors.rates}
                </Text>
              ) : null}
              {values.rates.map((rate, i) => (
                <Paper key={rate.id ?? `new-${i}`} withBorder radius="md" p="md" component="fieldset" aria-label={`Rate ${i + 1}`} style={{ margin: 0 }}>
                  <Stack gap="sm">
                    <Group justify="space-between" wrap="nowrap">
                      <Text fw={600}>{rate.name || `Rate ${i + 1}`}</Text>
                      {mayChange && values.rates.length > 1 ? (
                        <Button
                          variant="subtle"
                          color="red"
                          size="xs"
                          leftSection={<IconTrash size={14} aria-hidden />}
                          onClick={() => setValues((v) => ({ ...v, rates: v.rates.filter((_, j) => j !== i) }))}
                        >
                          Remove rate {i + 1}
                        </Button>
                      ) : null}
                    </Group>
                    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                      <TextInput {...form.field(`rates.${i}.name`)} label={`Rate ${i + 1} name`} description="Standard, Express" required autoComplete="off" />
                      <TextInput
                        {...form.field(`rates.${i}.estimate`)}
                        label={`Rate ${i + 1} delivery estimate (optional)`}
                        description="2 to 4 working days"
                      />
                      <Select
                        {...form.field(`rates.${i}.kind`)}
                        label={`Rate ${i + 1} price`}
                        data={KINDS}
                        allowDeselect={false}
                        onChange={(kind) => kind && setRate(i, (r) => ({ ...r, kind: kind as ShippingRateKind }))}
                      />
                      {rate.kind === 'flat' ? (
                        <MoneyInput {...form.money(`rates.${i}.amount`, currency)} label={`Rate ${i + 1} amount`} description="0 for free delivery" required />
                      ) : null}
                    </SimpleGrid>
                    {rate.kind !== 'flat' ? (
                      <Stack gap="xs">
                        <Text size="sm" fw={500}>
                          {rate.kind === 'weight' ? 'Weight bands (grams)' : 'Order value bands'}
                        </Text>
                        <Text size="xs" c="dimmed">
                          Each band up to and including its limit; leave the last limit empty for no limit. Beyond the last limit the rate is not offered.
                        </Text>
                        {rate.bands.map((_, b) => (
                          <Group key={b} align="flex-start" gap="sm" wrap="nowrap">
                            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" style={{ flex: 1 }}>
                              {rate.kind === 'weight' ? (
                                <NumberField {...form.number(`rates.${i}.bands.${b}.up_to`)} label={`Rate ${i + 1} band ${b + 1} up to (g)`} min={1} />
                              ) : (
                                <MoneyInput {...form.money(`rates.${i}.bands.${b}.up_to`, currency)} label={`Rate ${i + 1} band ${b + 1} up to`} />
                              )}
                              <MoneyInput {...form.money(`rates.${i}.bands.${b}.amount`, currency)} label={`Rate ${i + 1} band ${b + 1} amount`} required />
                            </SimpleGrid>
                            {mayChange && rate.bands.length > 1 ? (
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                mt={28}
                                aria-label={`Remove rate ${i + 1} band ${b + 1}`}
                                onClick={() => setRate(i, (r) => ({ ...r, bands: r.bands.filter((__, j) => j !== b) }))}
                              >
                                <IconTrash size={16} aria-hidden />
                              </ActionIcon>
                            ) : null}
                          </Group>
                        ))}
                        {mayChange && rate.bands.length < MAX_RATE_BANDS ? (
                          <Group>
                            <Button
                              variant="default"
                              size="xs"
                              leftSection={<IconPlus size={14} aria-hidden />}
                              onClick={() => setRate(i, (r) => ({ ...r, bands: [...r.bands, { up_to: null, amount: null }] }))}
                            >
                              Add band to rate {i + 1}
                            </Button>
                          </Group>
                        ) : null}
                      </Stack>
                    ) : null}
                    <MoneyInput
                      {...form.money(`rates.${i}.free_over`, currency)}
                      label={`Rate ${i + 1} free over (optional)`}
                      description="Free when the order's subtotal reaches this amount"
                      maw={360}
                    />
                  </Stack>
                </Paper>
              ))}
              {mayChange && values.rates.length < MAX_ZONE_RATES ? (
                <Group>
                  <Button
                    variant="default"
                    leftSection={<IconPlus size={16} aria-hidden />}
                    onClick={() => setValues((v) => ({ ...v, rates: [...v.rates, newRate()] }))}
                  >
                    Add rate
                  </Button>
                </Group>
              ) : null}
            </Stack>
          </Paper>
        </Stack>
      </EditForm>
    </PageFrame>
  );
}
