import { Paper, Radio, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { TaxSettings } from '@merchant/catalogue';
import { ChoiceRow, SwitchRow } from '@/components/form/switch-row';
import { PageFrame } from '@/components/page-frame';
import { QueryPage } from '@/components/query-status';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { errorMessage } from '@/lib/error-message';
import { notifyError, notifySuccess } from '@/lib/notify';
import { taxSettingsQuery, useSaveTaxSettings } from '../../api/pricing-api';
import { useMayPrice, usePricingLinks } from '../../components/pricing-links';

/** The business-wide tax settings: prices include tax or not, and tax rounds per line or once per order. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const settings = useQuery(taxSettingsQuery(businessId));
  if (!settings.data) return <QueryPage title="Tax settings" query={settings} loadingLabel="Loading the tax settings" />;
  return <SettingsForm businessId={businessId} saved={settings.data} />;
}

function SettingsForm({ businessId, saved }: { businessId: string; saved: TaxSettings }) {
  const links = usePricingLinks(businessId);
  const canEdit = useMayPrice(businessId);
  const [values, setValues] = useState(saved);
  const save = useSaveTaxSettings(businessId);
  const dirty = JSON.stringify(values) !== JSON.stringify(saved);
  const submit = (event?: { preventDefault(): void }) => {
    event?.preventDefault();
    save.mutate(values, { onSuccess: () => notifySuccess('Tax settings saved.'), onError: (error) => notifyError(errorMessage(error)) });
  };
  return (
    <PageFrame title="Tax settings" description="How every sale’s tax is worked out.">
      <EditForm dirty={dirty} saving={save.isPending} onSave={submit} backTo={links.taxes} saveLabel="Save settings" readOnly={!canEdit}>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={720}>
          <Stack gap="lg">
            <SwitchRow
              label="Prices include tax"
              description="On: the tax is taken out of the prices you set (common for GST and VAT). Off: it is added on top."
              checked={values.prices_include_tax}
              onChange={(e) => {
                const checked = e.currentTarget.checked;
                setValues((v) => ({ ...v, prices_include_tax: checked }));
              }}
              disabled={!canEdit}
            />
            <Radio.Group
              label="Rounding"
              description="Where each tax amount is rounded to the currency’s smallest unit"
              value={values.rounding}
              onChange={(rounding) => setValues((v) => ({ ...v, rounding: rounding as TaxSettings['rounding'] }))}
            >
              <Stack gap="xs" mt="xs">
                <ChoiceRow value="line" label="Per line" description="Each tax of each line is rounded" disabled={!canEdit} />
                <ChoiceRow value="order" label="Once per order" description="Each tax is rounded once over the order" disabled={!canEdit} />
              </Stack>
            </Radio.Group>
          </Stack>
        </Paper>
      </EditForm>
    </PageFrame>
  );
}
