import { Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconArchive, IconArchiveOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { CreateTaxBodySchema, type Tax } from '@merchant/catalogue';
import { NumberField } from '@/components/form/number-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { PageFrame } from '@/components/page-frame';
import { QueryPage } from '@/components/query-status';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { notifySuccess } from '@/lib/notify';
import { taxQuery, useSaveTax } from '../../api/pricing-api';
import { useConfirmStatus } from '../../components/confirm-status';
import { useMayPrice, usePricingLinks } from '../../components/pricing-links';
import { ItemScopeFields, LocationScopeFields } from '../../components/scope-fields';

type Values = {
  name: string;
  rate: number | null;
  all_locations: boolean;
  location_ids: string[];
  applies_to: 'all_products' | 'selected';
  product_ids: string[];
  category_ids: string[];
};

const valuesOf = (t: Tax | undefined): Values => ({
  name: t?.name ?? '',
  rate: t?.rate ?? null,
  all_locations: t?.all_locations ?? true,
  location_ids: t?.location_ids ?? [],
  applies_to: t?.applies_to ?? 'all_products',
  product_ids: t?.product_ids ?? [],
  category_ids: t?.category_ids ?? [],
});

/** Create (no id in the path) and edit of a tax. */
export function Component() {
  const { business_id: businessId = '', b_tax_setting: id } = useParams();
  const tax = useQuery({ ...taxQuery(businessId, id ?? ''), enabled: id !== undefined });
  if (id && !tax.data) return <QueryPage title="Edit tax" query={tax} loadingLabel="Loading the tax" />;
  return <TaxForm key={tax.data?.id ?? 'new'} businessId={businessId} tax={tax.data} />;
}

function TaxForm({ businessId, tax }: { businessId: string; tax: Tax | undefined }) {
  const navigate = useNavigate();
  const links = usePricingLinks(businessId);
  const canEdit = useMayPrice(businessId);
  const initial = useMemo(() => valuesOf(tax), [tax]);
  const form = useZodForm(CreateTaxBodySchema, initial);
  const save = useSaveTax(businessId);
  const status = useConfirmStatus(businessId, 'tax');
  const { values, setValues, errors } = form;
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);

  const submit = form.onSubmit((body) =>
    save.mutate(
      { id: tax?.id ?? null, body },
      {
        onSuccess: (saved) => {
          notifySuccess(tax ? `${saved.name} saved.` : `${saved.name} added.`);
          void navigate(links.taxes);
        },
        onError: form.handleServerError,
      },
    ),
  );

  const archived = tax?.status === 'archived';
  return (
    <PageFrame
      title={tax ? tax.name : 'Create tax'}
      description={tax ? (archived ? 'Archived: sales no longer charge it.' : 'Sales charge it where and on what it applies.') : 'A tax your sales charge.'}
      actions={[
        tax &&
          canEdit && {
            label: archived ? 'Bring back' : 'Archive',
            icon: archived ? <IconArchiveOff size={16} aria-hidden /> : <IconArchive size={16} aria-hidden />,
            onClick: () => status.open(tax),
            loading: status.pending,
            more: true,
          },
      ]}
    >
      <EditForm dirty={dirty} saving={save.isPending} onSave={submit} backTo={links.taxes} saveLabel={tax ? 'Save tax' : 'Create tax'} readOnly={!canEdit}>
        <Stack gap="md" maw={720}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              <TextInput {...form.field('name')} label="Name" description="GST, VAT, Sales tax" required autoComplete="off" readOnly={!canEdit} />
              <NumberField
                {...form.number('rate', { basisPoints: true, empty: Number.NaN })}
                label="Rate (%)"
                description="Up to two decimals: 9 or 8.25"
                min={0}
                max={100}
                decimals={2}
                required
                readOnly={!canEdit}
              />
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
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="sm">
              <Text size="sm" fw={500} id="tax-applies-to">
                Applies to
              </Text>
              <SegmentedControl
                aria-labelledby="tax-applies-to"
                value={values.applies_to}
                onChange={(v) => setValues((x) => ({ ...x, applies_to: v as Values['applies_to'] }))}
                data={[
                  { value: 'all_products', label: 'Every product' },
                  { value: 'selected', label: 'Chosen products' },
                ]}
                readOnly={!canEdit}
              />
              {values.applies_to === 'selected' ? (
                <ItemScopeFields
                  businessId={businessId}
                  productIds={values.product_ids}
                  categoryIds={values.category_ids}
                  errors={errors}
                  onChange={(s) => setValues((v) => ({ ...v, ...s }))}
                  readOnly={!canEdit}
                />
              ) : null}
            </Stack>
          </Paper>
        </Stack>
      </EditForm>
    </PageFrame>
  );
}
