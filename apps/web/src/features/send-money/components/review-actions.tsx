import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { formatMoneyWithCode } from '@merchant/core';
import type { Transfer } from '@merchant/payments';
import type { DetailAction } from '@/components/detail-layout';
import { notifySuccess } from '@/lib/notify';
import { useReviewTransfer, type ReviewAction } from '../api/send-money-api';

const WORDS: Record<ReviewAction, { button: string; title: string; done: string; color?: string }> = {
  approve: { button: 'Approve', title: 'Approve this transfer?', done: 'Transfer approved and sent.' },
  reject: { button: 'Reject', title: 'Reject this transfer?', done: 'Transfer rejected: the funds are available again.', color: 'red' },
  cancel: { button: 'Cancel transfer', title: 'Cancel this transfer?', done: 'Transfer cancelled: the funds are available again.', color: 'red' },
};

/**
 * The review of a transfer awaiting approval: Approve and Reject for someone else's transfer (the server refuses
 * its requester), Cancel for one's own. Each asks for confirmation first. The actions (none unless the transfer
 * awaits review) and the confirmation dialog, for a detail screen's header or a list's row.
 */
export function useReviewActions(businessId: string, transfer: Transfer, userId: string): { actions: DetailAction[]; dialog: ReactNode } {
  const [asking, setAsking] = useState<ReviewAction | null>(null);
  const review = useReviewTransfer(businessId);
  const mine = transfer.requested_by?.id === userId;
  const kinds: ReviewAction[] = transfer.status !== 'awaiting_review' ? [] : mine ? ['cancel'] : ['approve', 'reject'];
  const label = `${formatMoneyWithCode(transfer.send.amount, transfer.send.currency)} to ${transfer.beneficiary.holder_name}`;
  const words = asking ? WORDS[asking] : null;
  const actions = kinds.map((action): DetailAction => ({
    label: WORDS[action].button,
    primary: action === 'approve',
    // A review is Approve or Reject: both stay buttons on a phone (issue 25: they were out of reach at 375 px).
    keepOnPhone: action === 'reject',
    danger: action !== 'approve',
    onClick: () => setAsking(action),
    ariaLabel: `${WORDS[action].button} ${label}`,
  }));
  const dialog = (
    <Modal opened={asking !== null} onClose={() => setAsking(null)} title={words?.title ?? ''} centered>
      <Stack gap="md">
        <Text size="sm">
          {label}, plus a fee of {formatMoneyWithCode(transfer.fee.amount, transfer.fee.currency)}
          {transfer.requested_by ? `, requested by ${transfer.requested_by.name}` : ''}.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setAsking(null)}>
            Back
          </Button>
          <Button
            color={words?.color}
            loading={review.isPending}
            onClick={() =>
              asking &&
              review.mutate(
                { id: transfer.id, action: asking },
                {
                  onSuccess: () => {
                    notifySuccess(WORDS[asking].done);
                    setAsking(null);
                  },
                },
              )
            }
          >
            {words?.button}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { actions, dialog };
}

/** The review actions as small buttons in a list's row. */
export function ReviewActions({ businessId, transfer, userId }: { businessId: string; transfer: Transfer; userId: string }) {
  const { actions, dialog } = useReviewActions(businessId, transfer, userId);
  if (actions.length === 0) return null;
  return (
    <>
      <Group gap="xs" wrap="nowrap">
        {actions.map((action) => (
          <Button key={action.label} size="xs" variant={action.primary ? 'filled' : 'default'} onClick={action.onClick} aria-label={action.ariaLabel}>
            {action.label}
          </Button>
        ))}
      </Group>
      {dialog}
    </>
  );
}
