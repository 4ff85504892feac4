import { Text } from '@mantine/core';
import type { Product } from '@merchant/catalogue';
import { modals } from '@/lib/modals';
import { notifySuccess } from '@/lib/notify';
import { useSetProductArchived } from '../api/catalogue-api';

/** Archiving or bringing back a product, after the person confirms it. */
export function useConfirmArchive(businessId: string) {
  const setArchived = useSetProductArchived(businessId);
  return (product: Pick<Product, 'id' | 'name' | 'status'>) => {
    const archiving = product.status === 'active';
    modals.openConfirmModal({
      title: archiving ? `Archive “${product.name}”?` : `Bring back “${product.name}”?`,
      children: (
        <Text size="sm">
          {archiving
            ? 'It will no longer be offered at the register, in the store or when you create payment links and invoices. Past sales keep it, and you can bring it back at any time.'
            : 'It will be offered again wherever it is sold.'}
        </Text>
      ),
      labels: { confirm: archiving ? 'Archive product' : 'Bring back', cancel: 'Cancel' },
      confirmProps: archiving ? { color: 'red' } : {},
      onConfirm: () =>
        setArchived.mutate(
          { productId: product.id, archived: archiving },
          { onSuccess: () => notifySuccess(archiving ? `${product.name} archived.` : `${product.name} is active again.`) },
        ),
    });
  };
}
