import { Paper, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconArchive, IconArchiveOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { CreateSurchargeBodySchema, SURCHARGE_KINDS, SURCHARGE_KIND_LABELS, type Surcharge, type SurchargeKind } from '@merchant/catalogue';
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
import { surchargeQuery, useSaveSurcharge } from '../../api/pricing-api';
import { useConfirmStatus } from '../../components/confirm-status';
import { useMayPrice, usePricingLinks } from '../../components/pricing-links';
import { LocationScopeFields, TaxPicker } from '../../components/scope-fields';

type Values = {
  name: string;
  kind: SurchargeKind | '';
  value: { type: 'percentage' | 'fixed'; rate: number | null; amount: number | null };
  taxable: boolean;
  tax_ids: string[];
  all_locations: boolean;
  location_ids: string[];
};

const valuesOf = (s: Surcharge | undefined): Values => ({
  name: s?.name ?? '',
  kind: s?.kind ?? 'service_charge',
  value: s
    ? s.value.type === 'percentage'
      ? { type: 'percentage', rate: s.value.rate, amount: null }
      : { type: 'fixed', rate: null, amount: s.value.amount.amount }
    : { type: 'percentage', rate: null, amount: null },
  taxable: s?.taxable ?? false,
  tax_ids: s?.tax_ids ?? [],
  all_locations: s?.all_locations ?? true,
  location_ids: s?.location_ids ?? [],
});

/** Create (no id in the path) and edit of a surcharge. */
export function Component() {
  const { business_id: businessId = '', b_surcharge_setting: id } = useParams();
  const business = useBusiness(businessId);
  const surcharge = useQuery({ ...surchargeQuery(businessId, id ?? ''), enabled: id !== undefined });
  if (!business.data) return <LoadingScreen />;
  if (id && !surcharge.data) return <QueryPage title="Edit surcharge" query={surcharge} loadingLabel="Loading the surcharge" />;
  return <SurchargeForm key={surcharge.data?.id ?? 'new'} businessId={businessId} surcharge={surcharge.data} currency={business.data.currency} />;
}

function SurchargeForm({ businessId, surcharge, currency }: { businessId: string; surcharge: Surcharge | undefined; currency: string }) {
  const navigate = useNavigate();
  const links = usePricingLinks(businessId);
  const canEdit = useMayPrice(businessId);
  const initial = useMemo(() => valuesOf(surcharge), [surcharge]);
  const form = useZodForm(CreateSurchargeBodySchema, initial);
  const save = useSaveSurcharge(businessId);
  const status = useConfirmStatus(businessId, 'surcharge');
  const { values, setValues, errors } = form;
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);

  const submit = form.onSubmit((body) =>
    save.mutate(
      { id: surcharge?.id ?? null, body },
      {
        onSuccess: (saved) => {
          notifySuccess(surcharge ? `${saved.name} saved.` : `${saved.name} added.`);
          void navigate(links.surcharges);
        },
        onError: form.handleServerError,
      },
    ),
  );
  const archived = surcharge?.status === 'archived';

  return (
    <PageFrame
      title={surcharge ? surcharge.name : 'Create surcharge'}
      description={surcharge ? (archived ? 'Archived: no sale adds it.' : 'Added to sales at its locations.') : 'A service charge or a card surcharge.'}
      actions={[
        surcharge &&
          canEdit && {
            label: archived ? 'Bring back' : 'Archive',
            icon: archived ? <IconArchiveOff size={16} aria-hidden /> : <IconArchive size={16} aria-hidden />,
            onClick: () => status.open(surcharge),
            loading: status.pending,
            more: true,
          },
      ]}
    >
      <EditForm
        dirty={dirty}
        saving={save.isPending}
        onSave={submit}
        backTo={links.surcharges}
        saveLabel={surcharge ? 'Save surcharge' : 'Create surcharge'}
        readOnly={!canEdit}
      >
        <Stack gap="md" maw={720}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              <TextInput {...form.field('name')} label="Name" description="Shown on the receipt" required autoComplete="off" readOnly={!canEdit} />
              <Select
                {...form.field('kind')}
                label="Kind"
                data={SURCHARGE_KINDS.map((k) => ({ value: k, label: SURCHARGE_KIND_LABELS[k] }))}
                allowDeselect={false}
                required
                readOnly={!canEdit}
              />
              <Stack gap={4}>
                <Text size="sm" fw={500} id="surcharge-type">
                  Type
                </Text>
                <SegmentedControl
                  aria-labelledby="surcharge-type"
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
                  label="Percentage (%)"
                  description="Of the order after discounts, before tax"
                  min={0}
                  max={100}
                  decimals={2}
                  required
                  readOnly={!canEdit}
                />
              ) : (
                <MoneyInput {...form.money('value.amount', currency)} label="Amount" description="Before tax" required readOnly={!canEdit} />
              )}
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              <SwitchRow
                label="Taxed"
                description="Tax is added on top of the surcharge"
                checked={values.taxable}
                onChange={(e) => {
                  const checked = e.currentTarget.checked;
                  setValues((v) => ({ ...v, taxable: checked, tax_ids: checked ? v.tax_ids : [] }));
                }}
                disabled={!canEdit}
              />
              {values.taxable ? (
                <TaxPicker
                  businessId={businessId}
                  value={values.tax_ids}
                  errors={errors}
                  onChange={(ids) => setValues((v) => ({ ...v, tax_ids: ids }))}
                  readOnly={!canEdit}
                />
              ) : null}
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <LocationScopeFields
              businessId={businessId}
              values={values}
              errors={errors}
              onChange={(s) => setValues((v) => ({ ...v, ...s }))}
              readOnly={!canEdit}
            />
          </Paper>
        </Stack>
      </EditForm>
    </PageFrame>
  );
}
