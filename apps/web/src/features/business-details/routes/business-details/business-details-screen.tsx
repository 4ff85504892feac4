import { useMemo } from 'react';
import { Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { SwitchRow } from '@/components/form/switch-row';
import { useParams } from 'react-router';
import { UpdateBusinessBodySchema, type Business } from '@merchant/business';
import { COUNTRY_CODES, CURRENCIES } from '@merchant/core';
import { AddressFields } from '@/components/address-fields';
import { TimeZoneSelect } from '@/components/time-zone-select';
import { useZodForm } from '@/components/form/use-zod-form';
import { LogoUpload } from '@/components/logo-upload';
import { LoadingScreen } from '@/components/loading-screen';
import { PageFrame } from '@/components/page-frame';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { notifySuccess } from '@/lib/notify';
import { canChange, useBusiness, useSignedInUser } from '@/lib/session';
import { useUpdateBusiness } from '@/features/business-details/api/business-details-api';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
function countryName(code: string): string {
  try {
    return regionNames.of(code.toUpperCase()) ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}
const COUNTRY_OPTIONS = COUNTRY_CODES.map((c) => ({ value: c.toLowerCase(), label: countryName(c) })).sort((a, b) => a.label.localeCompare(b.label, 'en'));
const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c.code, label: `${c.code.toUpperCase()} · ${c.name}` }));

type Values = {
  name: string;
  country: string;
  currency: string;
  time_zone: string;
  address: { line1: string; line2: string; city: string; state: string; postal_code: string };
  tax_number: string;
  require_two_factor: boolean;
};

function valuesOf(b: Business): Values {
  return {
    name: b.name,
    country: b.country,
    currency: b.currency,
    time_zone: b.time_zone,
    address: {
      line1: b.address.line1 ?? '',
      line2: b.address.line2 ?? '',
      city: b.address.city ?? '',
      state: b.address.state ?? '',
      postal_code: b.address.postal_code ?? '',
    },
    tax_number: b.tax_number ?? '',
    require_two_factor: b.require_two_factor,
  };
}

/** Business details (payments, POS and online-store settings: one implementation). */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);
  if (!business.data) return <LoadingScreen />;
  return <DetailsForm key={business.data.id} business={business.data} />;
}

function DetailsForm({ business }: { business: Business }) {
  const user = useSignedInUser();
  const update = useUpdateBusiness(business.id);
  const initial = useMemo(() => valuesOf(business), [business]);
  const form = useZodForm(UpdateBusinessBodySchema, initial);
  const countryLocked = business.onboarding_status === 'completed';
  const readOnly = !canChange(business, 'business:update');
  const dirty = JSON.stringify(form.values) !== JSON.stringify(initial);

  const submit = form.onSubmit((body) =>
    update.mutate(body, {
      onSuccess: (saved) => {
        form.reset(valuesOf(saved));
        notifySuccess('Business details saved.');
      },
      onError: form.handleServerError,
    }),
  );

  return (
    <PageFrame
      title="Business details"
      description={
        readOnly
          ? 'How this business appears to staff and customers. You can read these details; only its team can change them.'
          : 'How your business appears to staff and customers.'
      }
    >
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={720}>
        <Stack gap="md">
          <Title order={2} size="h4">
            Logo
          </Title>
          <LogoUpload businessId={business.id} logoUrl={business.logo_url} editable={canChange(business, 'settings:manage')} />
        </Stack>
      </Paper>
      <EditForm dirty={dirty} saving={update.isPending} onSave={submit} readOnly={readOnly}>
        {/* A disabled fieldset disables every field inside it for someone who may only read. */}
        <fieldset disabled={readOnly} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <Stack gap="lg" maw={720}>
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
              <Stack gap="md">
                <Title order={2} size="h4">
                  Business
                </Title>
                <TextInput {...form.field('name')} label="Business name" required />
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <Select
                    {...form.field('country')}
                    label="Country"
                    data={COUNTRY_OPTIONS}
                    searchable
                    allowDeselect={false}
                    disabled={countryLocked}
                    description={countryLocked ? 'Fixed once the business is verified.' : 'Can change until the business is verified.'}
                    required
                  />
                  <Select
                    {...form.field('currency')}
                    label="Currency"
                    data={CURRENCY_OPTIONS}
                    searchable
                    allowDeselect={false}
                    description="Default currency for amounts."
                    required
                  />
                  <TimeZoneSelect
                    field={form.field('time_zone')}
                    current={business.time_zone}
                    description="Your days, reports and schedules follow it; every screen shows times in it."
                  />
                </SimpleGrid>
              </Stack>
            </Paper>
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
              <Stack gap="md">
                <Title order={2} size="h4">
                  Address
                </Title>
                <AddressFields field={(part) => form.field(`address.${part}`)} />
                <TextInput
                  {...form.field('tax_number')}
                  label="Tax number"
                  description="Your GST or VAT registration number, if you have one: your invoices print it under your address."
                />
              </Stack>
            </Paper>
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
              <Stack gap="sm">
                <Title order={2} size="h4">
                  Staff security
                </Title>
                <SwitchRow
                  label="Require two-factor authentication for all staff"
                  description="Staff without it are asked to set it up before they can work in this business."
                  checked={form.values.require_two_factor}
                  onChange={(e) => {
                    const checked = e.currentTarget.checked;
                    form.setValues((v) => ({ ...v, require_two_factor: checked }));
                  }}
                  error={form.errors.require_two_factor}
                />
                {!user.two_factor_enabled ? (
                  <Text size="sm" c="dimmed">
                    Turn on two-factor authentication for your own account (User settings, Security) before requiring it.
                  </Text>
                ) : null}
              </Stack>
            </Paper>
          </Stack>
        </fieldset>
      </EditForm>
    </PageFrame>
  );
}
