import { useMemo } from 'react';
import { Anchor, Box, ColorInput, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { NumberField } from '@/components/form/number-field';
import { SwitchRow } from '@/components/form/switch-row';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { BRAND_COLOR_PATTERN, MAX_SETTLEMENT_DELAY_DAYS, UpdateCheckoutSettingsBodySchema, type CheckoutSettings } from '@merchant/payments';
import { href } from '@/app/route-table';
import { useZodForm } from '@/components/form/use-zod-form';
import { LogoUpload } from '@/components/logo-upload';
import { PageFrame } from '@/components/page-frame';
import { QueryStatus } from '@/components/query-status';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { apiAssetUrl } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';
import { canChange, useBusiness } from '@/lib/session';
import { checkoutSettingsQuery, useUpdateCheckoutSettings } from '@/features/checkout-customisation/api/checkout-customisation-api';

type Values = { brand_color: string; settlement_delay_days: number | null; send_receipts: boolean };
const valuesOf = (s: CheckoutSettings): Values => ({
  brand_color: s.brand_color,
  settlement_delay_days: s.settlement_delay_days,
  send_receipts: s.send_receipts,
});

/** Checkout customisation: brand colour, logo, method order (on the methods screen), settlement delay, receipts. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const settings = useQuery(checkoutSettingsQuery(businessId));
  const business = useBusiness(businessId);
  return (
    <PageFrame
      title="Checkout customisation"
      description="How your hosted checkout looks to customers, when payments settle, and whether customers get a receipt."
    >
      <QueryStatus query={settings} loadingLabel="Loading checkout settings" />
      {settings.data && business.data ? (
        <SettingsForm
          key={JSON.stringify(valuesOf(settings.data))}
          businessId={businessId}
          name={business.data.name}
          settings={settings.data}
          editable={canChange(business.data, 'settings:manage')}
        />
      ) : null}
    </PageFrame>
  );
}

function SettingsForm({ businessId, name, settings, editable }: { businessId: string; name: string; settings: CheckoutSettings; editable: boolean }) {
  const update = useUpdateCheckoutSettings(businessId);
  const initial = useMemo(() => valuesOf(settings), [settings]);
  const form = useZodForm(UpdateCheckoutSettingsBodySchema, initial);
  const dirty = JSON.stringify(form.values) !== JSON.stringify(initial);
  const previewColor = BRAND_COLOR_PATTERN.test(form.values.brand_color.trim()) ? form.values.brand_color.trim() : settings.brand_color;

  const submit = form.onSubmit((body) =>
    update.mutate(body, {
      onSuccess: () => notifySuccess('Checkout settings saved.'),
      onError: form.handleServerError,
    }),
  );

  return (
    <Stack gap="lg" maw={760}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Title order={2} size="h4">
            Logo
          </Title>
          <LogoUpload businessId={businessId} logoUrl={settings.logo_url} editable={editable} />
        </Stack>
      </Paper>
      <EditForm
        dirty={dirty}
        saving={update.isPending}
        onSave={submit}
        backTo={href('payments.overview', { business_id: businessId })}
        saveLabel="Save changes"
        readOnly={!editable}
      >
        <fieldset disabled={!editable} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <Stack gap="lg">
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
              <Stack gap="md">
                <Title order={2} size="h4">
                  Look
                </Title>
                <ColorInput
                  {...form.field('brand_color')}
                  label="Brand colour"
                  description="Buttons and highlights of the checkout. A hex colour such as #1c7ed6."
                  format="hex"
                  fixOnBlur={false}
                  withEyeDropper={false}
                  maw={280}
                />
                <Box>
                  <Text size="sm" fw={500} mb={6} id="checkout-preview">
                    Preview
                  </Text>
                  <Paper withBorder radius="md" p="md" maw={320} aria-labelledby="checkout-preview">
                    <Stack gap="sm" align="center">
                      {settings.logo_url ? <Image src={apiAssetUrl(settings.logo_url)} alt="" h={40} w="auto" fit="contain" /> : null}
                      <Text fw={600}>{name}</Text>
                      <Box w="100%" py={8} style={{ background: previewColor, borderRadius: 6 }}>
                        <Text ta="center" c="white" fw={600} size="sm" style={{ textShadow: '0 0 2px rgba(0,0,0,0.6)' }}>
                          Pay
                        </Text>
                      </Box>
                    </Stack>
                  </Paper>
                </Box>
                <Text size="sm">
                  Method order, and whether customers pay the fee:{' '}
                  <Anchor component={Link} to={href('payments.payment-methods', { business_id: businessId })}>
                    payment methods
                  </Anchor>
                  .
                </Text>
              </Stack>
            </Paper>
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
              <Stack gap="md">
                <Title order={2} size="h4">
                  Settlement and receipts
                </Title>
                <NumberField
                  {...form.number('settlement_delay_days')}
                  label="Settlement delay (days)"
                  description={`Days after a successful payment before its net amount is available: 0 to ${MAX_SETTLEMENT_DELAY_DAYS}.`}
                  min={0}
                  max={MAX_SETTLEMENT_DELAY_DAYS}
                  allowNegative={false}
                  maw={280}
                />
                <SwitchRow
                  label="Email receipts to customers"
                  description="Customers who give an email address get their receipt by mail."
                  checked={form.values.send_receipts}
                  onChange={(e) => {
                    const checked = e.currentTarget.checked;
                    form.setValues((v) => ({ ...v, send_receipts: checked }));
                  }}
                />
              </Stack>
            </Paper>
          </Stack>
        </fieldset>
      </EditForm>
    </Stack>
  );
}
