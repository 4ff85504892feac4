import { Checkbox, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArchive, IconArchiveOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { CreateDiscountBodySchema, DISCOUNT_CHANNELS, SALES_CHANNEL_LABELS, type Discount, type DiscountChannel } from '@merchant/catalogue';
import { DateField } from '@/components/date-field';
import { NumberField } from '@/components/form/number-field';
import { SwitchRow } from '@/components/form/switch-row';
import { useZodForm } from '@/components/form/use-zod-form';
import { LoadingScreen } from '@/components/loading-screen';
import { MoneyInput } from '@/components/money-input';
import { PageFrame } from '@/components/page-frame';
import { QueryPage } from '@/components/query-status';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { notifySuccess } from '@/lib/notify';
import { useBusiness } from '@/lib/session';
import { discountQuery, useSaveDiscount } from '../../api/pricing-api';
import { useConfirmStatus } from '../../components/confirm-status';
import { useMayPrice, usePricingLinks } from '../../components/pricing-links';
import { ItemScopeFields, LocationScopeFields, listError } from '../../components/scope-fields';

type Values = {
  name: string;
  value: { type: 'percentage' | 'fixed'; rate: number | null; amount: number | null };
  applies_to: 'order' | 'items';
  product_ids: string[];
  category_ids: string[];
  minimum_spend: number | null;
  channels: DiscountChannel[];
  all_locations: boolean;
  location_ids: string[];
  starts_at: string | null;
  ends_at: string | null;
  automatic: boolean;
  usage_limit: number | null;
};

const valuesOf = (d: Discount | undefined, channel: DiscountChannel): Values => ({
  name: d?.name ?? '',
  value: d
    ? d.value.type === 'percentage'
      ? { type: 'percentage', rate: d.value.rate, amount: null }
      : { type: 'fixed', rate: null, amount: d.value.amount.amount }
    : { type: 'percentage', rate: null, amount: null },
  applies_to: d?.applies_to ?? 'order',
  product_ids: d?.product_ids ?? [],
  category_ids: d?.category_ids ?? [],
  minimum_spend: d?.minimum_spend?.amount ?? null,
  channels: d?.channels ?? [channel],
  all_locations: d?.all_locations ?? true,
  location_ids: d?.location_ids ?? [],
  starts_at: d?.starts_at ?? null,
  ends_at: d?.ends_at ?? null,
  automatic: d?.automatic ?? false,
  usage_limit: d?.usage_limit ?? null,
});

/** Create (no id in the path) and edit of a discount. */
export function Component() {
  const { business_id: businessId = '', b_discount: id } = useParams();
  const business = useBusiness(businessId);
  const discount = useQuery({ ...discountQuery(businessId, id ?? ''), enabled: id !== undefined });
  if (!business.data) return <LoadingScreen />;
  if (id && !discount.data) return <QueryPage title="Edit discount" query={discount} loadingLabel="Loading the discount" />;
  return (
    <DiscountForm
      key={discount.data?.id ?? 'new'}
      businessId={businessId}
      discount={discount.data}
      currency={business.data.currency}
      timeZone={business.data.time_zone}
    />
  );
}

function DiscountForm({
  businessId,
  discount,
  currency,
  timeZone,
}: {
  businessId: string;
  discount: Discount | undefined;
  currency: string;
  timeZone: string;
}) {
  const navigate = useNavigate();
  const links = usePricingLinks(businessId);
  const canEdit = useMayPrice(businessId);
  const initial = useMemo(() => valuesOf(discount, links.section === 'online-store' ? 'online_store' : 'pos'), [discount, links.section]);
  const form = useZodForm(CreateDiscountBodySchema, initial);
  const save = useSaveDiscount(businessId);
  const status = useConfirmStatus(businessId, 'discount');
  const { values, setValues, errors } = form;
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);

  const submit = form.onSubmit((body) =>
    save.mutate(
      { id: discount?.id ?? null, body },
      {
        onSuccess: (saved) => {
          notifySuccess(discount ? `${saved.name} saved.` : `${saved.name} added.`);
          void navigate(links.discounts);
        },
        onError: form.handleServerError,
      },
    ),
  );

  const toggleChannel = (channel: DiscountChannel, on: boolean) =>
    setValues((v) => ({ ...v, channels: DISCOUNT_CHANNELS.filter((c) => (c === channel ? on : v.channels.includes(c))) }));
  const archived = discount?.status === 'archived';

  return (
    <PageFrame
      title={discount ? discount.name : 'Create discount'}
      description={
        discount
          ? `Used ${discount.times_used}${discount.usage_limit === null ? '' : ` of ${discount.usage_limit}`} times${archived ? ' (archived)' : ''}`
          : 'A percentage or an amount off.'
      }
      actions={[
        discount &&
          canEdit && {
            label: archived ? 'Bring back' : 'Archive',
            icon: archived ? <IconArchiveOff size={16} aria-hidden /> : <IconArchive size={16} aria-hidden />,
            onClick: () => status.open(discount),
            loading: status.pending,
            more: true,
          },
      ]}
    >
      <EditForm
        dirty={dirty}
        saving={save.isPending}
        onSave={submit}
        backTo={links.discounts}
        saveLabel={discount ? 'Save discount' : 'Create discount'}
        readOnly={!canEdit}
      >
        <Stack gap="md" maw={760}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              <TextInput {...form.field('name')} label="Name" description="Shown on the receipt" required autoComplete="off" readOnly={!canEdit} />
              <Stack gap={4}>
                <Text size="sm" fw={500} id="discount-type">
                  Type
                </Text>
                <SegmentedControl
                  aria-labelledby="discount-type"
                  value={values.value.type}
                  onChange={(type) => setValues((v) => ({ ...v, value: { ...v.value, type: type as Values['value']['type'] } }))}
                  data={[
                    { value: 'percentage', label: 'Percentage' },
                    { value: 'fixed', label: 'Amount' },
                  ]}
                  readOnly={!canEdit}
                />
              </Stack>
              {values.value.type === 'percentage' ? (
                <NumberField
                  {...form.number('value.rate', { basisPoints: true, empty: Number.NaN })}
                  label="Percentage off (%)"
                  min={0}
                  max={100}
                  decimals={2}
                  required
                  readOnly={!canEdit}
                />
              ) : (
                <MoneyInput {...form.money('value.amount', currency)} label="Amount off" required readOnly={!canEdit} />
              )}
              {errors.value ? (
                <Text size="sm" c="red">
                  {errors.value}
                </Text>
              ) : null}
            </Stack>
          </Paper>

          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="discount-applies">
            <Stack gap="sm">
              <Title order={2} size="h4" id="discount-applies">
                What it applies to
              </Title>
              <SegmentedControl
                aria-label="Applies to"
                value={values.applies_to}
                onChange={(v) => setValues((x) => ({ ...x, applies_to: v as Values['applies_to'] }))}
                data={[
                  { value: 'order', label: 'The whole order' },
                  { value: 'items', label: 'Chosen items (each unit)' },
                ]}
                readOnly={!canEdit}
              />
              {values.applies_to === 'items' ? (
                <ItemScopeFields
                  businessId={businessId}
                  productIds={values.product_ids}
                  categoryIds={values.category_ids}
                  errors={errors}
                  onChange={(s) => setValues((v) => ({ ...v, ...s }))}
                  readOnly={!canEdit}
                />
              ) : null}
              <MoneyInput
                {...form.money('minimum_spend', currency)}
                label="Minimum spend (optional)"
                description="What it applies to must come to at least this"
                readOnly={!canEdit}
              />
            </Stack>
          </Paper>

          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="discount-where">
            <Stack gap="sm">
              <Title order={2} size="h4" id="discount-where">
                Where and when
              </Title>
              <Group gap="lg">
                {DISCOUNT_CHANNELS.map((c) => (
                  <Checkbox
                    key={c}
                    label={SALES_CHANNEL_LABELS[c]}
                    checked={values.channels.includes(c)}
                    onChange={(e) => toggleChannel(c, e.currentTarget.checked)}
                    disabled={!canEdit}
                  />
                ))}
              </Group>
              {listError(errors, 'channels') ? (
                <Text size="sm" c="red">
                  {listError(errors, 'channels')}
                </Text>
              ) : null}
              <LocationScopeFields
                businessId={businessId}
                values={values}
                errors={errors}
                onChange={(s) => setValues((v) => ({ ...v, ...s }))}
                readOnly={!canEdit}
              />
              <ScheduleField
                label="Starts"
                name="starts_at"
                value={values.starts_at}
                error={errors.starts_at}
                timeZone={timeZone}
                readOnly={!canEdit}
                onChange={(starts_at) => setValues((v) => ({ ...v, starts_at }))}
              />
              <ScheduleField
                label="Ends"
                name="ends_at"
                value={values.ends_at}
                error={errors.ends_at}
                timeZone={timeZone}
                readOnly={!canEdit}
                onChange={(ends_at) => setValues((v) => ({ ...v, ends_at }))}
              />
            </Stack>
          </Paper>

          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              <SwitchRow
                label="Apply automatically"
                description="On: every sale it fits takes it. Off: the cashier chooses it."
                checked={values.automatic}
                onChange={(e) => {
                  const checked = e.currentTarget.checked;
                  setValues((v) => ({ ...v, automatic: checked }));
                }}
                disabled={!canEdit}
              />
              <NumberField
                {...form.number('usage_limit')}
                label="Usage limit (optional)"
                description="How many sales may use it in all; empty for no limit"
                min={1}
                readOnly={!canEdit}
              />
            </Stack>
          </Paper>
        </Stack>
      </EditForm>
    </PageFrame>
  );
}

/** A wall-clock time of the business's zone as a day and a time of day (`YYYY-MM-DDTHH:MM`); no day: none. */
function ScheduleField({
  label,
  name,
  value,
  error,
  timeZone,
  readOnly,
  onChange,
}: {
  label: string;
  name: string;
  value: string | null;
  error: string | undefined;
  timeZone: string;
  readOnly: boolean;
  onChange: (value: string | null) => void;
}) {
  const day = value?.slice(0, 10) ?? '';
  const time = value?.slice(11, 16) ?? '';
  const set = (nextDay: string, nextTime: string) => onChange(nextDay ? `${nextDay}T${nextTime || '00:00'}` : null);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <DateField
        name={name}
        label={`${label} on (optional)`}
        description={`In ${timeZone}`}
        value={day}
        onChange={(d) => set(d, time)}
        error={error}
        readOnly={readOnly}
      />
      <TextInput
        type="time"
        name={`${name}_time`}
        label={`${label} at`}
        description="Midnight when empty"
        value={time}
        onChange={(e) => set(day, e.currentTarget.value)}
        disabled={!day}
        readOnly={readOnly}
      />
    </SimpleGrid>
  );
}
