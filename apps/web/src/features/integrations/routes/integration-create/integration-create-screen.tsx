import { useState } from 'react';
import { Paper, Select, Stack, TextInput } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { CreateIntegrationBodySchema, INTEGRATION_PLATFORM_LABELS, INTEGRATION_PLATFORMS, type NewIntegrationKey } from '@merchant/payments';
import { href } from '@/app/route-table';
import { ConfirmIdentityModal, reauthError } from '@/components/confirm-identity-modal';
import { useZodForm } from '@/components/form/use-zod-form';
import { PageFrame } from '@/components/page-frame';
import { ShownOnceKey } from '@/components/shown-once-secrets';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { notifySuccess } from '@/lib/notify';
import { useCreateIntegration } from '@/features/integrations/api/integrations-api';

/** The form's fields; the password is asked in the confirmation that follows. */
const FieldsSchema = CreateIntegrationBodySchema.omit({ password: true, code: true });
type Fields = { name: string; platform: string; callback_url: string };
const INITIAL: Fields = { name: '', platform: '', callback_url: '' };
const PLATFORM_OPTIONS = INTEGRATION_PLATFORMS.map((value) => ({ value, label: INTEGRATION_PLATFORM_LABELS[value] }));

/**
 * A new plugin integration (docs/developers.md, "Plugin integrations"): its name, platform and callback URL, then the
 * password; its key and salt are shown once, right after.
 */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const navigate = useNavigate();
  const form = useZodForm(FieldsSchema, INITIAL);
  const create = useCreateIntegration(businessId);
  const [confirming, setConfirming] = useState<ReturnType<typeof FieldsSchema.parse> | null>(null);
  const [made, setMade] = useState<NewIntegrationKey | null>(null);
  const list = href('payments.integrations', { business_id: businessId });
  const dirty = JSON.stringify(form.values) !== JSON.stringify(INITIAL);

  const close = () => {
    setConfirming(null);
    create.reset();
  };
  const confirm = (reauth: { password?: string; code?: string }) => {
    if (!confirming) return;
    create.mutate(
      { ...confirming, ...reauth },
      {
        onSuccess: (answer) => {
          notifySuccess(`Integration "${answer.integration.name}" added.`);
          setConfirming(null);
          setMade(answer);
        },
        onError: (error) => {
          if (reauthError(error)) return;
          setConfirming(null);
          form.handleServerError(error);
        },
      },
    );
  };

  if (made) {
    return (
      <PageFrame title="Integration added" description={`Paste the key and salt into the settings of "${made.integration.name}".`}>
        <ShownOnceKey title={`Copy the key of "${made.integration.name}" now`} apiKey={made.api_key} salt={made.salt} onDone={() => void navigate(list)} />
      </PageFrame>
    );
  }

  return (
    <PageFrame title="Add plugin integration" description="Your shop's plugin calls the API with this integration's own key; its payments are tagged with it.">
      <EditForm dirty={dirty} saving={create.isPending} onSave={form.onSubmit((body) => setConfirming(body))} backTo={list} saveLabel="Add integration">
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={720}>
          <Stack gap="md">
            <TextInput {...form.field('name')} label="Name" description="How you know it, e.g. My WooCommerce shop" maxLength={80} required autoFocus />
            <Select
              label="Platform"
              name="platform"
              placeholder="Choose the platform"
              data={PLATFORM_OPTIONS}
              value={form.values.platform || null}
              onChange={(v) => form.setValue('platform', v ?? '')}
              error={form.errors.platform}
              allowDeselect={false}
              required
            />
            <TextInput
              {...form.field('callback_url')}
              type="url"
              label="Callback URL (optional)"
              description="Where payment callbacks are posted for the payment requests this integration makes without their own webhook"
              placeholder="https://"
            />
          </Stack>
        </Paper>
      </EditForm>
      <ConfirmIdentityModal
        opened={confirming !== null}
        onClose={close}
        title="Add plugin integration"
        description="The integration's key and salt are shown once, right after. Confirm with your password."
        confirmLabel="Add integration"
        pending={create.isPending}
        error={reauthError(create.error)}
        onConfirm={confirm}
      />
    </PageFrame>
  );
}
