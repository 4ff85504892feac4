import { Button, Checkbox, Group, Paper, Stack, TagsInput, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useParams } from 'react-router';
import { ROLES, ROLE_TITLES, type Role } from '@merchant/core';
import { MAX_NOTIFICATION_EMAILS, UpdateNotificationSettingBodySchema, type NotificationSetting } from '@merchant/business';
import { PageFrame } from '../../../../components/page-frame';
import { ApiError } from '../../../../lib/api-client';
import { fieldErrors } from '../../../../lib/error-message';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { canChange, useBusiness } from '../../../../lib/session';
import { notificationSettingsQuery, useUpdateNotificationSetting } from '../../api/notification-settings-api';
import { QueryStatus } from '../../../../components/query-status';

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
      {settings.data ? (
        <Stack gap="md" maw={760}>
          {settings.data.map((setting) => (
            <EventSettings key={`${setting.event}:${setting.roles.join()}:${setting.emails.join()}`} businessId={businessId} setting={setting} editable={editable} />
          ))}
        </Stack>
      ) : null}
    </PageFrame>
  );
}

function EventSettings({ businessId, setting, editable }: { businessId: string; setting: NotificationSetting; editable: boolean }) {
  const headingId = useId();
  const update = useUpdateNotificationSetting(businessId);
  const [roles, setRoles] = useState<Role[]>(setting.roles);
  const [emails, setEmails] = useState<string[]>(setting.emails);
  const [errors, setErrors] = useState<{ roles?: string; emails?: string }>({});
  const changed = roles.join() !== setting.roles.join() || emails.join() !== setting.emails.join();

  const save = () => {
    const parsed = UpdateNotificationSettingBodySchema.safeParse({ roles, emails });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'roles' ? 'roles' : 'emails';
        const which = typeof issue.path[1] === 'number' ? `${emails[issue.path[1]] ?? ''}: ` : '';
        next[field] ??= `${which}${issue.message}`;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    update.mutate(
      { event: setting.event, body: parsed.data },
      {
        onSuccess: (saved) => notifySuccess(`Saved who is mailed about ${saved.label.toLowerCase()}.`),
        onError: (error) => {
          const issues = fieldErrors(error);
          const rolesIssue = Object.entries(issues).find(([path]) => path.startsWith('roles'))?.[1];
          const emailsIssue = Object.entries(issues).find(([path]) => path.startsWith('emails'))?.[1];
          if (rolesIssue || emailsIssue) setErrors({ roles: rolesIssue, emails: emailsIssue });
          else if (!(error instanceof ApiError && (error.status === 401 || error.status === 419))) notifyError(error);
        },
      },
    );
  };

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
          onChange={(value) => setRoles(ROLES.filter((r) => value.includes(r)))}
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
          onChange={setEmails}
          splitChars={[',', ' ', ';']}
          maxTags={MAX_NOTIFICATION_EMAILS}
          clearable
          error={errors.emails}
        />
        {editable ? (
          <Group justify="flex-end">
            <Button onClick={save} loading={update.isPending} disabled={!changed}>
              Save
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
