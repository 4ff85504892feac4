import { Checkbox, Group, Paper, Stack, TagsInput, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useParams } from 'react-router';
import { ROLES, ROLE_TITLES, type Role } from '@merchant/core';
import { MAX_NOTIFICATION_EMAILS, UpdateNotificationSettingBodySchema, type NotificationSetting, type UpdateNotificationSettingBody } from '@merchant/business';
import { PageFrame } from '@/components/page-frame';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { ApiError } from '@/lib/api-client';
import { fieldErrors } from '@/lib/error-message';
import { notifyError, notifySuccess } from '@/lib/notify';
import { canChange, useBusiness } from '@/lib/session';
import { notificationSettingsQuery, useUpdateNotificationSetting } from '@/features/notification-settings/api/notification-settings-api';
import { QueryStatus } from '@/components/query-status';

export function Component() {
  const { business_id: businessId = '' } = useParams();
  const settings = useQuery(notificationSettingsQuery(businessId));
  const editable = canChange(useBusiness(businessId).data, 'settings:manage');

  return (
    <PageFrame
      title="Notifications"
      description="Choose who on your team is mailed when something happens in the business. Members are mailed while they are active; extra addresses always are."
    >
      <QueryStatus query={settings} loadingLabel="Loading notification settings" />
      {settings.data ? <SettingsForm key={businessId} businessId={businessId} settings={settings.data} editable={editable} /> : null}
    </PageFrame>
  );
}

interface Draft {
  roles: Role[];
  emails: string[];
}
type Errors = { roles?: string; emails?: string };

const differs = (draft: Draft, setting: NotificationSetting) => draft.roles.join() !== setting.roles.join() || draft.emails.join() !== setting.emails.join();

/** Every event's recipients in one form: the sub-header bar's Save stores each event that changed. */
function SettingsForm({ businessId, settings, editable }: { businessId: string; settings: NotificationSetting[]; editable: boolean }) {
  const update = useUpdateNotificationSetting(businessId);
  const [drafts, setDrafts] = useState<Record<string, Draft>>(() => Object.fromEntries(settings.map((s) => [s.event, { roles: s.roles, emails: s.emails }])));
  const [errors, setErrors] = useState<Record<string, Errors>>({});
  const [saving, setSaving] = useState(false);
  const draftOf = (setting: NotificationSetting): Draft => drafts[setting.event] ?? { roles: setting.roles, emails: setting.emails };
  const changed = settings.filter((setting) => differs(draftOf(setting), setting));

  const save = async () => {
    const next: Record<string, Errors> = {};
    const bodies: { setting: NotificationSetting; body: UpdateNotificationSettingBody }[] = [];
    for (const setting of changed) {
      const draft = draftOf(setting);
      const parsed = UpdateNotificationSettingBodySchema.safeParse(draft);
      if (parsed.success) {
        bodies.push({ setting, body: parsed.data });
        continue;
      }
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'roles' ? 'roles' : 'emails';
        const which = typeof issue.path[1] === 'number' ? `${draft.emails[issue.path[1]] ?? ''}: ` : '';
        found[field] ??= `${which}${issue.message}`;
      }
      next[setting.event] = found;
    }
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setSaving(true);
    try {
      for (const { setting, body } of bodies) {
        try {
          await update.mutateAsync({ event: setting.event, body });
        } catch (error) {
          const issues = fieldErrors(error);
          const rolesIssue = Object.entries(issues).find(([path]) => path.startsWith('roles'))?.[1];
          const emailsIssue = Object.entries(issues).find(([path]) => path.startsWith('emails'))?.[1];
          if (rolesIssue || emailsIssue) setErrors({ [setting.event]: { roles: rolesIssue, emails: emailsIssue } });
          else if (!(error instanceof ApiError && (error.status === 401 || error.status === 419))) notifyError(error);
          return;
        }
      }
      const only = bodies.length === 1 ? bodies[0] : undefined;
      notifySuccess(only ? `Saved who is mailed about ${only.setting.label.toLowerCase()}.` : `Saved who is mailed about ${bodies.length} events.`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <EditForm dirty={changed.length > 0} saving={saving} onSave={() => void save()} readOnly={!editable}>
      <Stack gap="md" maw={760}>
        {settings.map((setting) => (
          <EventSettings
            key={setting.event}
            setting={setting}
            draft={draftOf(setting)}
            errors={errors[setting.event] ?? {}}
            onChange={(draft) => setDrafts((all) => ({ ...all, [setting.event]: draft }))}
          />
        ))}
      </Stack>
    </EditForm>
  );
}

function EventSettings({ setting, draft, errors, onChange }: { setting: NotificationSetting; draft: Draft; errors: Errors; onChange: (draft: Draft) => void }) {
  const headingId = useId();
  const { roles, emails } = draft;

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Stack gap={2}>
          <Group gap="xs">
            <Title order={2} size="h4" id={headingId}>
              {setting.label}
            </Title>
            {setting.is_default ? (
              <Text size="xs" c="dimmed">
                (default)
              </Text>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {setting.description}
          </Text>
        </Stack>
        <Checkbox.Group
          label="Mail these roles"
          value={roles}
          onChange={(value) => onChange({ roles: ROLES.filter((r) => value.includes(r)), emails })}
          error={errors.roles}
        >
          <Group gap="lg" mt={6}>
            {ROLES.map((role) => (
              <Checkbox key={role} value={role} label={ROLE_TITLES[role]} />
            ))}
          </Group>
        </Checkbox.Group>
        <TagsInput
          label="Also mail these addresses"
          description={`Press Enter or comma after each address; up to ${MAX_NOTIFICATION_EMAILS}.`}
          placeholder={emails.length === 0 ? 'accounts@example.com' : undefined}
          value={emails}
          onChange={(next) => onChange({ roles, emails: next })}
          splitChars={[',', ' ', ';']}
          maxTags={MAX_NOTIFICATION_EMAILS}
          clearable
          error={errors.emails}
        />
      </Stack>
    </Paper>
  );
}
