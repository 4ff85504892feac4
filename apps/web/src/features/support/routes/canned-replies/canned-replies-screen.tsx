import { Alert, Button, Code, CopyButton, Group, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { CannedReplyBodySchema, MAX_CHAT_MESSAGE_LENGTH, chatLauncherSnippet, type CannedReply } from '@merchant/business';
import { href } from '@/app/route-table';
import { EmptyState } from '@/components/empty-state';
import { wrapPoints } from '@/components/long-text';
import { PageFrame } from '@/components/page-frame';
import { useZodForm } from '@/components/form/use-zod-form';
import { apiAssetUrl } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { modals } from '@/lib/modals';
import { notifyError, notifySuccess } from '@/lib/notify';
import { canChange, useBusiness } from '@/lib/session';
import { cannedQuery, useDeleteCanned, useSaveCanned } from '@/features/support/api/support-api';

/**
 * The support inbox's canned replies (docs/decisions.md, "Support chat"): who holds `chat:reply` adds, edits and
 * deletes them; others read them. Below them, the snippet that puts the chat button on the business's own site.
 */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);
  const canEdit = canChange(business.data, 'chat:reply');
  const replies = useQuery(cannedQuery(businessId));
  const remove = useDeleteCanned(businessId);
  /** The reply being edited (null: a new one), or undefined while no form is open. */
  const [editing, setEditing] = useState<CannedReply | null | undefined>(undefined);

  const onDelete = (reply: CannedReply) =>
    modals.openConfirmModal({
      title: `Delete "${reply.title}"?`,
      children: <Text size="sm">The canned reply is no longer offered in the inbox. Answers already sent stay as they are.</Text>,
      labels: { confirm: 'Delete canned reply', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(reply.id, { onSuccess: () => notifySuccess('Canned reply deleted.'), onError: notifyError }),
    });

  const list = replies.data ?? [];
  return (
    <PageFrame
      title="Canned replies"
      description="Answers your team inserts in a conversation of the support inbox, edited here once for everyone."
      actions={
        <Button component={Link} to={href('payments.support', { business_id: businessId })} variant="default">
          Back to the inbox
        </Button>
      }
    >
      <Stack gap="md">
        {canEdit && editing === undefined ? (
          <Group>
            <Button onClick={() => setEditing(null)}>Add a canned reply</Button>
          </Group>
        ) : null}
        {canEdit && editing !== undefined ? (
          <ReplyForm key={editing?.id ?? 'new'} businessId={businessId} reply={editing} onDone={() => setEditing(undefined)} />
        ) : null}
        {replies.isError ? (
          <Alert color="red" role="alert" title="The canned replies could not be loaded">
            {errorMessage(replies.error)}
          </Alert>
        ) : null}
        {replies.isPending ? <Text>Loading canned replies…</Text> : null}
        {replies.data && list.length === 0 ? (
          <EmptyState
            title="No canned replies yet"
            description={canEdit ? 'Add the answers you give most often; the inbox offers them when you answer.' : 'Nobody has added a canned reply yet.'}
          />
        ) : null}
        {list.length > 0 ? (
          <Stack gap="xs" component="ul" aria-label="Canned replies" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {list.map((reply) => (
              <li key={reply.id}>
                <Paper withBorder radius="md" p="sm">
                  <Group justify="space-between" align="flex-start" gap="xs">
                    <Stack gap={4} style={{ minWidth: 0, flex: '1 1 220px' }}>
                      <Title order={2} size="h5" style={{ wordBreak: 'break-word' }}>
                        {reply.title}
                      </Title>
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                        {reply.body}
                      </Text>
                    </Stack>
                    {canEdit ? (
                      <Group gap="xs">
                        <Button variant="default" size="xs" onClick={() => setEditing(reply)} aria-label={`Edit ${reply.title}`}>
                          Edit
                        </Button>
                        <Button variant="default" color="red" size="xs" onClick={() => onDelete(reply)} aria-label={`Delete ${reply.title}`}>
                          Delete
                        </Button>
                      </Group>
                    ) : null}
                  </Group>
                </Paper>
              </li>
            ))}
          </Stack>
        ) : null}
        <LauncherSnippet businessId={businessId} />
      </Stack>
    </PageFrame>
  );
}

function ReplyForm({ businessId, reply, onDone }: { businessId: string; reply: CannedReply | null; onDone: () => void }) {
  const save = useSaveCanned(businessId);
  const form = useZodForm(CannedReplyBodySchema, { title: reply?.title ?? '', body: reply?.body ?? '' });
  const submit = form.onSubmit((body) =>
    save.mutate(
      { id: reply?.id ?? null, body },
      {
        onSuccess: () => {
          notifySuccess(reply ? 'Canned reply saved.' : 'Canned reply added.');
          onDone();
        },
        onError: form.handleServerError,
      },
    ),
  );
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="canned-reply-form">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="canned-reply-form">
            {reply ? 'Edit canned reply' : 'New canned reply'}
          </Title>
          <TextInput label="Title" description="What the inbox lists it by" required maxLength={80} {...form.field('title')} />
          <Textarea label="Reply" required autosize minRows={3} maxRows={10} maxLength={MAX_CHAT_MESSAGE_LENGTH} {...form.field('body')} />
          <Group gap="xs">
            <Button type="submit" loading={save.isPending}>
              {reply ? 'Save canned reply' : 'Add canned reply'}
            </Button>
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** The script tag that adds the chat button to the business's own site (the launcher the app serves). */
function LauncherSnippet({ businessId }: { businessId: string }) {
  const origin = new URL(apiAssetUrl('/'), window.location.href).origin;
  const snippet = chatLauncherSnippet(origin, businessId);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="chat-button-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="chat-button-title">
          Chat button for your site
        </Title>
        <Text size="sm">
          Paste this line into the pages of your own website, before <Code>{'</body>'}</Code>. It adds a &quot;Chat with&quot; button that opens your support
          chat; the conversations arrive in this inbox.
        </Text>
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'break-word' }} data-testid="launcher-snippet">
          {wrapPoints(snippet)}
        </Code>
        <CopyButton value={snippet}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy} style={{ alignSelf: 'flex-start' }}>
              {copied ? 'Copied' : 'Copy the code'}
            </Button>
          )}
        </CopyButton>
      </Stack>
    </Paper>
  );
}
