import { Text } from '@mantine/core';
import { errorMessage } from '@/lib/error-message';
import { modals } from '@/lib/modals';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSetPricingArchived, type PricingKind } from '../api/pricing-api';

const WHAT: Record<PricingKind, { noun: string; archived: string }> = {
  tax: { noun: 'tax', archived: 'New sales will no longer charge it.' },
  discount: { noun: 'discount', archived: 'No sale will take it any more.' },
  surcharge: { noun: 'surcharge', archived: 'No sale will add it any more.' },
};

/** Archiving or bringing back a tax, a discount or a surcharge, after the person confirms it. */
export function useConfirmStatus(businessId: string, kind: PricingKind, onDone?: () => void) {
  const set = useSetPricingArchived(businessId);
  const { noun, archived: effect } = WHAT[kind];
  const open = (item: { id: string; name: string; status: 'active' | 'archived' }) => {
    const archiving = item.status === 'active';
    modals.openConfirmModal({
      title: archiving ? `Archive “${item.name}”?` : `Bring back “${item.name}”?`,
      children: (
        <Text size="sm">{archiving ? `${effect} Past sales keep it, and you can bring it back at any time.` : `Sales will use this ${noun} again.`}</Text>
      ),
      labels: { confirm: archiving ? `Archive ${noun}` : 'Bring back', cancel: 'Cancel' },
      confirmProps: archiving ? { color: 'red' } : {},
      onConfirm: () =>
        set.mutate(
          { kind, id: item.id, archived: archiving },
          {
            onSuccess: () => {
              notifySuccess(archiving ? `${item.name} archived.` : `${item.name} is active again.`);
              onDone?.();
            },
            onError: (error) => notifyError(errorMessage(error)),
          },
        ),
    });
  };
  return { open, pending: set.isPending };
}
