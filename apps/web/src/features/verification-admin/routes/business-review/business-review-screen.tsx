import { useState } from 'react';
import { Anchor, Badge, Button, Container, Group, List, Modal, Paper, SimpleGrid, Skeleton, Stack, Text, Textarea, Timeline, Title } from '@mantine/core';
import { SwitchRow } from '@/components/form/switch-row';
import { modals } from '@/lib/modals';
import { IconArrowLeft, IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { BlockBusinessBodySchema, RequestChangesBodySchema, type BusinessFlags, type BusinessReview, type VerificationEvent } from '@merchant/business';
import { href } from '@/app/route-table';
import { useZodForm } from '@/components/form/use-zod-form';
import { countryLabel, OnboardingSummary } from '@/components/onboarding-summary';
import { formatLocalDateTime as formatDateTime } from '@/lib/format';
import { PageFrame } from '@/components/page-frame';
import { notifySuccess } from '@/lib/notify';
import {
  businessReviewQuery,
  useApprove,
  useBlock,
  useRequestChanges,
  useUnblock,
  useUpdateFlags,
} from '@/features/verification-admin/api/verification-admin-api';
import { QueryStatus } from '@/components/query-status';

const STATUS: Record<BusinessReview['business']['onboarding_status'], { label: string; color: string }> = {
  questionnaire: { label: 'Questionnaire', color: 'yellow' },
  pending_verification: { label: 'Pending verification', color: 'blue' },
  blocked: { label: 'Blocked', color: 'red' },
  completed: { label: 'Verified', color: 'green' },
};

const EVENT_LABEL: Record<VerificationEvent['kind'], string> = {
  submitted: 'Submitted the questionnaire',
  approved: 'Approved',
  changes_requested: 'Asked for changes',
  blocked: 'Blocked',
  unblocked: 'Unblocked',
};

/** Stripe and Xendit follow the business's provider connections (its payment methods): shown, not set here. */
const FLAGS: { key: keyof BusinessFlags; label: string; description: string; readOnly?: true }[] = [
  { key: 'send_money', label: 'Send money', description: 'Send Payments: beneficiaries and transfers' },
  { key: 'stripe_enabled', label: 'Stripe card payments', description: 'On while the business has Stripe connected in its payment methods', readOnly: true },
  { key: 'xendit_enabled', label: 'Xendit card payments', description: 'On while the business has Xendit connected in its payment methods', readOnly: true },
  { key: 'platform_enabled', label: 'Platform', description: 'The Platform settings menu' },
];

export function Component() {
  const { business_id: businessId = '' } = useParams();
  const review = useQuery(businessReviewQuery(businessId));
  return (
    <Container size="lg" px="md" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="md">
        <Anchor component={Link} to={href('admin.verifications')} size="sm">
          <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
          Back to the verification queue
        </Anchor>
        <QueryStatus query={review} loadingLabel="Loading the review" loading={<Skeleton height={320} />} />
        {review.isSuccess && <Review review={review.data} />}
      </Stack>
    </Container>
  );
}

function Review({ review }: { review: BusinessReview }) {
  const { business } = review;
  const status = STATUS[business.onboarding_status];
  return (
    <PageFrame
      title={business.name}
      description={`${countryLabel(business.country)} · ${business.currency.toUpperCase()} · ${business.identifier} · created ${formatDateTime(business.created_at)}`}
      actions={
        <Button
          component={Link}
          to={href(business.type === 'partner' ? 'partner.overview' : 'payments.overview', { business_id: business.id })}
          variant="default"
          rightSection={<IconExternalLink size={16} aria-hidden />}
        >
          Open the business (read-only)
        </Button>
      }
    >
      <Group gap="xs">
        <Text size="sm">Status:</Text>
        <Badge color={status.color} variant="light" size="lg">
          {status.label}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Decision review={review} />
        <Flags review={review} />
      </SimpleGrid>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="owners-title">
        <Title order={2} size="h4" id="owners-title" mb="xs">
          Owners
        </Title>
        {review.owners.length === 0 ? (
          <Text size="sm">No active owner.</Text>
        ) : (
          <List size="sm">
            {review.owners.map((o) => (
              <List.Item key={o.email}>
                {o.name} ({o.email})
              </List.Item>
            ))}
          </List>
        )}
      </Paper>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Answers and documents
        </Title>
        <OnboardingSummary onboarding={review.onboarding} headingOrder={3} />
      </Stack>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="history-title">
        <Title order={2} size="h4" id="history-title" mb="sm">
          History
        </Title>
        {review.history.length === 0 ? (
          <Text size="sm">Nothing submitted yet.</Text>
        ) : (
          <Timeline bulletSize={14} lineWidth={2}>
            {review.history.map((e) => (
              <Timeline.Item key={e.id} title={EVENT_LABEL[e.kind]}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(e.at)}
                  {e.actor_name ? ` · ${e.actor_name}` : ''}
                </Text>
                {e.message && (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {e.message}
                  </Text>
                )}
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Paper>
    </PageFrame>
  );
}

function Decision({ review }: { review: BusinessReview }) {
  const id = review.business.id;
  const approve = useApprove(id);
  const unblock = useUnblock(id);
  const [dialog, setDialog] = useState<'changes' | 'block' | null>(null);
  const pending = review.business.onboarding_status === 'pending_verification';
  const blocked = review.business.onboarding_status === 'blocked';

  const confirmApprove = () =>
    modals.openConfirmModal({
      title: `Approve ${review.business.name}?`,
      children: <Text size="sm">The business is verified and can take payments. The owners are mailed.</Text>,
      labels: { confirm: 'Approve', cancel: 'Cancel' },
      confirmProps: { color: 'green' },
      onConfirm: () => approve.mutate(undefined, { onSuccess: () => notifySuccess(`${review.business.name} is verified.`) }),
    });

  const confirmUnblock = () =>
    modals.openConfirmModal({
      title: `Unblock ${review.business.name}?`,
      children: (
        <Text size="sm">
          The business returns to where the block stopped it: a verified business takes payments and pays out again at once. The owners are mailed.
        </Text>
      ),
      labels: { confirm: 'Unblock', cancel: 'Cancel' },
      onConfirm: () => unblock.mutate(undefined, { onSuccess: () => notifySuccess(`${review.business.name} is unblocked.`) }),
    });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="decision-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="decision-title">
          Decision
        </Title>
        <Text size="sm">
          {pending
            ? 'Check the answers and documents, then approve, ask for changes or block.'
            : blocked
              ? 'This business is blocked: it takes no payments, and no payout, transfer, refund or bank change starts. Its people can still sign in, read and export.'
              : 'Approving or asking for changes is possible once the business submits the questionnaire.'}
        </Text>
        <Group gap="xs">
          <Button color="green" onClick={confirmApprove} disabled={!pending} loading={approve.isPending}>
            Approve
          </Button>
          <Button variant="light" color="yellow" onClick={() => setDialog('changes')} disabled={!pending}>
            Ask for changes
          </Button>
          {blocked ? (
            <Button variant="light" onClick={confirmUnblock} loading={unblock.isPending}>
              Unblock
            </Button>
          ) : (
            <Button variant="light" color="red" onClick={() => setDialog('block')}>
              Block
            </Button>
          )}
        </Group>
      </Stack>
      <ChangesDialog businessId={id} name={review.business.name} opened={dialog === 'changes'} onClose={() => setDialog(null)} />
      <BlockDialog businessId={id} name={review.business.name} opened={dialog === 'block'} onClose={() => setDialog(null)} />
    </Paper>
  );
}

function ChangesDialog({ businessId, name, opened, onClose }: { businessId: string; name: string; opened: boolean; onClose: () => void }) {
  const request = useRequestChanges(businessId);
  const form = useZodForm(RequestChangesBodySchema, { message: '' });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit((body) =>
    request.mutate(body.message, {
      onSuccess: () => {
        notifySuccess(`${name} was asked for changes.`);
        close();
      },
      onError: form.handleServerError,
    }),
  );
  return (
    <Modal opened={opened} onClose={close} title="Ask for changes">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">The business goes back to the questionnaire. The owners see this message as a banner and by mail.</Text>
          <Textarea {...form.field('message')} label="Message to the merchant" required autosize minRows={4} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="yellow" loading={request.isPending}>
              Send request for changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function BlockDialog({ businessId, name, opened, onClose }: { businessId: string; name: string; opened: boolean; onClose: () => void }) {
  const block = useBlock(businessId);
  const form = useZodForm(BlockBusinessBodySchema, { reason: '' });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit((body) =>
    block.mutate(body.reason, {
      onSuccess: () => {
        notifySuccess(`${name} is blocked.`);
        close();
      },
      onError: form.handleServerError,
    }),
  );
  return (
    <Modal opened={opened} onClose={close} title={`Block ${name}?`}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            The business takes no payments on any of its links, QR codes, invoices or subscriptions, and no payout, transfer, refund or bank change starts; its
            people can still sign in, read and export. The reason stays in the review history and the audit log; the owners are mailed to contact support.
          </Text>
          <Textarea {...form.field('reason')} label="Reason" required autosize minRows={3} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={block.isPending}>
              Block business
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function Flags({ review }: { review: BusinessReview }) {
  const update = useUpdateFlags(review.business.id);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="flags-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="flags-title">
          Features
        </Title>
        {FLAGS.map((flag) => (
          <SwitchRow
            key={flag.key}
            label={flag.label}
            description={flag.description}
            checked={review.flags[flag.key]}
            disabled={flag.readOnly ?? update.isPending}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              update.mutate({ [flag.key]: on }, { onSuccess: () => notifySuccess(`${flag.label} turned ${on ? 'on' : 'off'}.`) });
            }}
          />
        ))}
      </Stack>
    </Paper>
  );
}
