import { useState, type ReactNode } from 'react';
import { Anchor, Checkbox, Image, Paper, Radio, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import {
  CURRENCY_DISPLAY_LABELS,
  CURRENCY_DISPLAYS,
  MAX_POLICY_CHARACTERS,
  PHONE_FIELD_LABELS,
  PHONE_FIELD_MODES,
  STORE_MAIL_EVENT_LABELS,
  STORE_MAIL_EVENTS,
  STORE_POLICIES,
  STORE_POLICY_TITLES,
  UpdateStoreSettingsBodySchema,
  type CurrencyDisplay,
  type PhoneFieldMode,
  type StoreMailEvent,
  type StoreSettings,
} from '@merchant/catalogue';
import { href } from '@/app/route-table';
import { ChoiceRow, SwitchRow } from '@/components/form/switch-row';
import { useZodForm } from '@/components/form/use-zod-form';
import { PageFrame } from '@/components/page-frame';
import { QueryPage } from '@/components/query-status';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { notifySuccess } from '@/lib/notify';
import { useCanChange } from '@/lib/session';
import { storeSettingsQuery, useSaveStoreSettings } from '@/features/store-settings/api/store-settings-api';

type Values = {
  store_name: string;
  logo_url: string;
  currency_display: CurrencyDisplay;
  phone_field: PhoneFieldMode;
  note_field: boolean;
  policies: { refund: string; privacy: string; terms: string };
  is_open: boolean;
  closed_message: string;
  customer_mails: StoreMailEvent[];
  merchant_mails: StoreMailEvent[];
  recovery_mails: boolean;
};

const valuesOf = (s: StoreSettings): Values => ({
  store_name: s.store_name ?? '',
  logo_url: s.logo_url ?? '',
  currency_display: s.currency_display,
  phone_field: s.phone_field,
  note_field: s.note_field,
  policies: { ...s.policies },
  is_open: s.is_open,
  closed_message: s.closed_message ?? '',
  customer_mails: [...s.customer_mails],
  merchant_mails: [...s.merchant_mails],
  recovery_mails: s.recovery_mails,
});

const TITLE = 'Store settings';

/** The online store's settings (spec 2, online-store/settings/store): what the storefront shows and asks. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const settings = useQuery(storeSettingsQuery(businessId));
  if (!settings.data) return <QueryPage title={TITLE} query={settings} loadingLabel="Loading the store settings" />;
  return <SettingsForm key={settings.dataUpdatedAt} businessId={businessId} settings={settings.data} />;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function SettingsForm({ businessId, settings }: { businessId: string; settings: StoreSettings }) {
  const mayChange = useCanChange(businessId, 'store:manage');
  const [start] = useState(() => valuesOf(settings));
  const form = useZodForm(UpdateStoreSettingsBodySchema, start);
  const save = useSaveStoreSettings(businessId);
  const { values, errors, setValues } = form;
  const dirty = JSON.stringify(values) !== JSON.stringify(start);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const logo = values.logo_url.startsWith('https://') ? values.logo_url : (settings.business_logo_url ?? '');

  const submit = form.onSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => notifySuccess('Store settings saved. Your storefront shows them now.'),
      onError: form.handleServerError,
    }),
  );

  return (
    <PageFrame
      title={TITLE}
      description={
        <>
          What your storefront shows and asks at its checkout. Your store is at{' '}
          <Anchor href={settings.storefront_url} target="_blank" rel="noreferrer" underline="always">
            {settings.storefront_url.replace(/^https?:\/\//, '')}
          </Anchor>
          .
        </>
      }
    >
      <EditForm dirty={dirty} saving={save.isPending} onSave={submit} readOnly={!mayChange}>
        <Stack gap="md" maw={760}>
          <Section id="store-identity" title="Store">
            <TextInput
              {...form.field('store_name')}
              label="Store name"
              description={`Leave it empty to use your business name (${settings.business_name})`}
              placeholder={settings.business_name}
              autoComplete="off"
            />
            <TextInput
              {...form.field('logo_url')}
              label="Logo address"
              description="An https:// address of your logo image. Leave it empty to use your business logo. (Images you upload to Media will be offered here.)"
              placeholder="https://"
              autoComplete="off"
            />
            {logo ? <Image src={logo} alt="Logo preview" h={56} w="auto" fit="contain" maw={240} /> : null}
          </Section>

          <Section id="store-prices" title="Prices">
            <Radio.Group
              label="Show prices with"
              value={values.currency_display}
              onChange={(v) => set('currency_display', v as CurrencyDisplay)}
              error={errors['currency_display']}
            >
              <Stack gap="xs" mt="xs">
                {CURRENCY_DISPLAYS.map((d) => (
                  <ChoiceRow key={d} value={d} label={CURRENCY_DISPLAY_LABELS[d]} disabled={!mayChange} />
                ))}
              </Stack>
            </Radio.Group>
          </Section>

          <Section id="store-checkout" title="Checkout">
            <Radio.Group
              label="Phone number"
              value={values.phone_field}
              onChange={(v) => set('phone_field', v as PhoneFieldMode)}
              error={errors['phone_field']}
            >
              <Stack gap="xs" mt="xs">
                {PHONE_FIELD_MODES.map((m) => (
                  <ChoiceRow key={m} value={m} label={PHONE_FIELD_LABELS[m]} disabled={!mayChange} />
                ))}
              </Stack>
            </Radio.Group>
            <SwitchRow
              label="Note for the store"
              description="Customers may leave a note with their order (up to 500 characters)"
              checked={values.note_field}
              onChange={(e) => set('note_field', e.currentTarget.checked)}
              disabled={!mayChange}
            />
          </Section>

          <Section id="store-policies" title="Policies">
            <Text size="sm" c="dimmed">
              Each policy you write is a page of your store, linked in its footer and at the checkout. Leave one empty to leave it out.
            </Text>
            {STORE_POLICIES.map((p) => (
              <Textarea
                key={p}
                {...form.field(`policies.${p}`)}
                label={STORE_POLICY_TITLES[p]}
                autosize
                minRows={3}
                maxRows={12}
                maxLength={MAX_POLICY_CHARACTERS}
              />
            ))}
          </Section>

          <Section id="store-status" title="Store status">
            <SwitchRow
              label="Taking orders"
              description="Turn it off to close the store: it shows a notice on every page and its checkout takes no orders"
              checked={values.is_open}
              onChange={(e) => set('is_open', e.currentTarget.checked)}
              disabled={!mayChange}
            />
            {values.is_open ? null : (
              <TextInput
                {...form.field('closed_message')}
                label="Notice while closed (optional)"
                description="For example: Back on Monday 2 December"
                autoComplete="off"
              />
            )}
          </Section>

          <Section id="store-mails" title="Notifications">
            <Checkbox.Group
              label="Mails to the customer"
              description="The customer's mail at each step of their order"
              value={values.customer_mails}
              onChange={(v) => set('customer_mails', v as StoreMailEvent[])}
              error={errors['customer_mails']}
            >
              <Stack gap="xs" mt="xs">
                {STORE_MAIL_EVENTS.map((e) => (
                  <Checkbox key={e} value={e} label={STORE_MAIL_EVENT_LABELS[e]} disabled={!mayChange} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Checkbox.Group
              label="Mails to your staff"
              description={
                <>
                  Sent to the people chosen for “New order” in{' '}
                  <Anchor component={Link} to={href('online-store.settings-notifications', { business_id: businessId })} size="xs" underline="always">
                    Notifications
                  </Anchor>
                  .
                </>
              }
              value={values.merchant_mails}
              onChange={(v) => set('merchant_mails', v as StoreMailEvent[])}
              error={errors['merchant_mails']}
            >
              <Stack gap="xs" mt="xs">
                {STORE_MAIL_EVENTS.map((e) => (
                  <Checkbox key={e} value={e} label={STORE_MAIL_EVENT_LABELS[e]} disabled={!mayChange} />
                ))}
              </Stack>
            </Checkbox.Group>
            <SwitchRow
              label="Abandoned cart recovery mail"
              description="One mail, an hour after a customer who gave their email at checkout left without paying, with a link back to their cart"
              checked={values.recovery_mails}
              onChange={(e) => set('recovery_mails', e.currentTarget.checked)}
              disabled={!mayChange}
            />
          </Section>
        </Stack>
      </EditForm>
    </PageFrame>
  );
}
