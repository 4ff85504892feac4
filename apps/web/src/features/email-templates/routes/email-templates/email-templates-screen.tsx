import { Badge, Button, Grid, Group, NavLink, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { modals } from '@/lib/modals';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import {
  EMAIL_BODY_MAX,
  EMAIL_SUBJECT_MAX,
  EMAIL_VARIABLE_INFO,
  EmailTemplateKeySchema,
  SaveEmailTemplateBodySchema,
  renderEmail,
  sampleValues,
  unknownVariables,
  type EmailTemplate,
} from '@merchant/business';
import { useZodForm } from '@/components/form/use-zod-form';
import { PageFrame } from '@/components/page-frame';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { notifySuccess } from '@/lib/notify';
import { canChange, useBusiness } from '@/lib/session';
import { emailTemplatesQuery, useResetEmailTemplate, useSaveEmailTemplate, useSendTestEmail } from '@/features/email-templates/api/email-templates-api';
import { QueryStatus } from '@/components/query-status';
import { formatNumber } from '@merchant/core';

export function Component() {
  const { business_id: businessId = '' } = useParams();
  const templates = useQuery(emailTemplatesQuery(businessId));
  const [search, setSearch] = useSearchParams();
  const requested = EmailTemplateKeySchema.safeParse(search.get('template'));
  const selectedKey = requested.success ? requested.data : templates.data?.[0]?.key;
  const selected = templates.data?.find((t) => t.key === selectedKey);
  const groups = useMemo(() => [...new Set((templates.data ?? []).map((t) => t.group))], [templates.data]);

  return (
    <PageFrame
      title="Email templates"
      description="Word the mails your customers receive. Variables in double braces, such as {{customer_name}}, are filled in when a mail is sent."
    >
      <QueryStatus query={templates} loadingLabel="Loading email templates" />
      {templates.data ? (
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 3 }}>
            <nav aria-label="Templates">
              <Stack gap="sm">
                {groups.map((group) => (
                  <Stack key={group} gap={2}>
                    <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                      {group}
                    </Text>
                    {templates.data
                      .filter((t) => t.group === group)
                      .map((t) => (
                        <NavLink
                          key={t.key}
                          component="button"
                          type="button"
                          label={t.label}
                          description={t.is_custom ? 'Customised' : 'Default'}
                          // Full text colour: the dimmed default fails contrast on the active item.
                          styles={{ description: { color: 'var(--mantine-color-text)' } }}
                          active={t.key === selectedKey}
                          aria-current={t.key === selectedKey ? 'page' : undefined}
                          onClick={() => setSearch({ template: t.key }, { replace: true })}
                        />
                      ))}
                  </Stack>
                ))}
              </Stack>
            </nav>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            {selected ? <TemplateEditor key={`${selected.key}:${selected.updated_at ?? 'default'}`} businessId={businessId} template={selected} /> : null}
          </Grid.Col>
        </Grid>
      ) : null}
    </PageFrame>
  );
}

type Field = 'subject' | 'body';

function TemplateEditor({ businessId, template }: { businessId: string; template: EmailTemplate }) {
  const business = useBusiness(businessId);
  const save = useSaveEmailTemplate(businessId);
  const reset = useResetEmailTemplate(businessId);
  const sendTest = useSendTestEmail(businessId);
  const form = useZodForm(SaveEmailTemplateBodySchema, { subject: template.subject, body: template.body });
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const [lastField, setLastField] = useState<Field>('body');
  const headingId = useId();
  const previewId = useId();
  const changed = form.values.subject !== template.subject || form.values.body !== template.body;

  const values = useMemo(
    () => sampleValues({ name: business.data?.name ?? 'Your business', currency: business.data?.currency ?? 'sgd' }, new Date()),
    [business.data?.name, business.data?.currency],
  );
  const preview = renderEmail(form.values, values);

  /** The schema's checks plus this template's variables, as field errors; answers the valid draft. */
  const validDraft = (): { subject: string; body: string } | null => {
    const parsed = SaveEmailTemplateBodySchema.safeParse(form.values);
    const errors: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    for (const field of ['subject', 'body'] as const) {
      const unknown = unknownVariables(form.values[field], template.variables);
      if (unknown.length > 0 && !errors[field])
        errors[field] = `Unknown ${unknown.length === 1 ? 'variable' : 'variables'} ${unknown.map((n) => `{{${n}}}`).join(', ')}`;
    }
    form.setErrors(errors);
    return parsed.success && Object.keys(errors).length === 0 ? parsed.data : null;
  };

  const insert = (variable: string) => {
    const token = `{{${variable}}}`;
    const element = lastField === 'subject' ? subjectRef.current : bodyRef.current;
    const current = form.values[lastField];
    const start = element?.selectionStart ?? current.length;
    const end = element?.selectionEnd ?? current.length;
    form.setValue(lastField, current.slice(0, start) + token + current.slice(end));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const onSave = () => {
    const draft = validDraft();
    if (!draft) return;
    save.mutate(
      { template: template.key, body: draft },
      { onSuccess: () => notifySuccess(`Saved the ${template.label.toLowerCase()} template.`), onError: form.handleServerError },
    );
  };

  const onSendTest = () => {
    const draft = validDraft();
    if (!draft) return;
    sendTest.mutate(
      { template: template.key, body: draft },
      { onSuccess: (answer) => notifySuccess(`Test mail sent to ${answer.sent_to}.`), onError: form.handleServerError },
    );
  };

  const onReset = () =>
    modals.openConfirmModal({
      title: 'Reset to the default wording?',
      children: <Text size="sm">Your wording of “{template.label}” will be replaced by the default subject and message.</Text>,
      labels: { confirm: 'Reset to default', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        if (template.is_custom) {
          reset.mutate(template.key, { onSuccess: () => notifySuccess(`The ${template.label.toLowerCase()} template uses the default wording again.`) });
        } else {
          form.reset({ subject: template.subject, body: template.body });
        }
      },
    });

  return (
    <Stack gap="lg">
      <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <EditForm dirty={changed} saving={save.isPending} onSave={onSave} readOnly={!canChange(business.data, 'settings:manage')}>
          <Stack gap="md">
            <Group justify="space-between" gap="xs">
              <Stack gap={2}>
                <Title order={2} size="h4" id={headingId}>
                  {template.label}
                </Title>
                <Text size="sm" c="dimmed">
                  {template.description}
                </Text>
              </Stack>
              <Badge variant="light" color={template.is_custom ? 'blue' : 'gray'}>
                {template.is_custom ? 'Customised' : 'Default wording'}
              </Badge>
            </Group>
            <TextInput
              {...form.field('subject')}
              ref={subjectRef}
              label="Subject"
              required
              maxLength={EMAIL_SUBJECT_MAX}
              onFocus={() => setLastField('subject')}
            />
            <Textarea
              {...form.field('body')}
              ref={bodyRef}
              label="Message"
              description={`${formatNumber(form.values.body.length, 0)} of ${formatNumber(EMAIL_BODY_MAX, 0)} characters`}
              required
              autosize
              minRows={8}
              maxRows={20}
              maxLength={EMAIL_BODY_MAX}
              onFocus={() => setLastField('body')}
            />
            <Stack gap={6}>
              <Text size="sm" fw={500} id={`${headingId}-vars`}>
                Insert a variable into the {lastField === 'subject' ? 'subject' : 'message'}
              </Text>
              <Group gap="xs" role="group" aria-labelledby={`${headingId}-vars`}>
                {template.variables.map((variable) => (
                  <Button
                    key={variable}
                    size="compact-sm"
                    variant="light"
                    title={EMAIL_VARIABLE_INFO[variable]}
                    aria-label={`Insert {{${variable}}}`}
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => insert(variable)}
                  >
                    {`{{${variable}}}`}
                  </Button>
                ))}
              </Group>
            </Stack>
            {canChange(business.data, 'settings:manage') ? (
              <Group justify="flex-end" gap="xs">
                <Button variant="subtle" color="red" onClick={onReset} disabled={!template.is_custom && !changed} loading={reset.isPending}>
                  Reset to default
                </Button>
                <Button variant="default" onClick={onSendTest} loading={sendTest.isPending}>
                  Send test to myself
                </Button>
              </Group>
            ) : null}
          </Stack>
        </EditForm>
      </Paper>

      <Paper component="section" aria-labelledby={previewId} withBorder radius="md" p={{ base: 'md', sm: 'lg' }} bg="var(--mantine-color-gray-0)">
        <Stack gap="sm">
          <Stack gap={2}>
            <Title order={2} size="h4" id={previewId}>
              Preview
            </Title>
            <Text size="sm" c="dimmed">
              With sample values. A variable shown in braces is not known to this mail and would be sent as written.
            </Text>
          </Stack>
          <Text size="sm" data-testid="preview-subject">
            <strong>Subject:</strong> {preview.subject}
          </Text>
          <Paper withBorder p="md" radius="sm" bg="white">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'break-word' }} data-testid="preview-body">
              {preview.text}
            </Text>
          </Paper>
        </Stack>
      </Paper>
    </Stack>
  );
}
