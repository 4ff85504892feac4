import { useState } from 'react';
import { Alert, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@/lib/modals';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime, formatMoney } from '@merchant/core';
import type { RegisterDraft } from '@merchant/pos';
import { QueryStatus } from '@/components/query-status';
import { notifyError, notifySuccess } from '@/lib/notify';
import { registerDraftsQuery, useDeleteDraft } from '../api/register-api';
import { draftAge, openDraft, type OpenedDraft } from '../lib/drafts';

/**
 * The location's open draft orders (docs/pos.md, "Draft orders on the register"): a button with their count opens
 * the list (number, customer, total, age); "Open" loads one into the register (replacing the cart), "Delete" removes
 * it after a confirmation.
 */
export function OpenDrafts({
  businessId,
  locationId,
  currency,
  zone,
  onOpen,
}: {
  businessId: string;
  locationId: string;
  currency: string;
  zone: string;
  onOpen: (opened: Exclude<OpenedDraft, { kind: 'problem' }>) => void;
}) {
  const query = useQuery(registerDraftsQuery(businessId, locationId));
  const [listing, setListing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const remove = useDeleteDraft(businessId);
  const drafts = query.data?.data ?? [];
  const now = new Date();

  const choose = (draft: RegisterDraft) => {
    const opened = openDraft(draft);
    if (opened.kind === 'problem') return setProblem(opened.problem);
    setListing(false);
    setProblem(null);
    onOpen(opened);
  };
  const confirmDelete = (draft: RegisterDraft) =>
    modals.openConfirmModal({
      title: `Delete draft order #${draft.number}?`,
      children: <Text size="sm">It leaves the open orders for good; nothing was sold, so nothing else changes.</Text>,
      labels: { confirm: `Delete #${draft.number}`, cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(draft.id, { onSuccess: () => notifySuccess(`Draft order #${draft.number} deleted`), onError: notifyError }),
    });

  return (
    <>
      <Button variant="light" onClick={() => setListing(true)} disabled={!query.data}>
        Open orders ({drafts.length})
      </Button>
      <Modal opened={listing} onClose={() => setListing(false)} title="Open orders" size="lg">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Orders kept to be paid later. Opening one replaces the cart; the register charges today’s prices, taxes and surcharges.
          </Text>
          {problem ? (
            <Alert color="red" role="alert" title="This order cannot be opened">
              {problem}
            </Alert>
          ) : null}
          <QueryStatus query={query} loadingLabel="Loading the open orders" />
          {query.data && drafts.length === 0 ? <Text size="sm">No open orders at this location.</Text> : null}
          {drafts.map((d) => (
            <Paper key={d.id} withBorder radius="sm" p="sm" component="article" aria-label={`Draft order #${d.number}`}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={2}>
                  <Text fw={700}>
                    #{d.number} · {formatMoney(d.total.amount, currency)}
                  </Text>
                  <Text size="sm">{d.customer ? d.customer.name : 'No customer'}</Text>
                  <Text size="sm" c="dimmed">
                    {d.lines.length} {d.lines.length === 1 ? 'line' : 'lines'} · kept {draftAge(d.created_at, now)} ago ({formatDateTime(d.created_at, zone)})
                    {d.note ? ` · ${d.note}` : ''}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Button variant="subtle" color="red" onClick={() => confirmDelete(d)} aria-label={`Delete draft order #${d.number}`}>
                    Delete
                  </Button>
                  <Button onClick={() => choose(d)} aria-label={`Open draft order #${d.number}`}>
                    Open
                  </Button>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      </Modal>
    </>
  );
}
