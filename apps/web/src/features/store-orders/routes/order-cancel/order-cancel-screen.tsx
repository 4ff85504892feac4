import { useState } from 'react';
import { Anchor, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { formatMoneyWithCode } from '@merchant/core';
import { href } from '@/app/route-table';
import { ErrorState } from '@/components/error-state';
import { SwitchRow } from '@/components/form/switch-row';
import { LoadingScreen } from '@/components/loading-screen';
import { PageFrame } from '@/components/page-frame';
import { NotFound } from '@/components/status-page';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { showErrorsIn, type FormErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { storeOrderQuery, useCancelStoreOrder } from '@/features/store-orders/api/store-orders-api';

/** Cancels a store order that has not left the store (spec's cancel screen): a reason, restock, refund what is left. */
export function Component() {
  const { business_id: businessId = '', b_order: orderId = '' } = useParams();
  const navigate = useNavigate();
  const detail = useQuery(storeOrderQuery(businessId, orderId));
  const cancel = useCancelStoreOrder(businessId, orderId);
  const [reason, setReason] = useState('');
  const [restock, setRestock] = useState(true);
  const [refund, setRefund] = useState(true);
  const [errors, setErrors] = useState<FormErrors>({});
  const detailHref = href('online-store.orders-detail', { business_id: businessId, b_order: orderId });
  if (detail.isError) {
    if (detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 422))
      return <NotFound homeHref={href('online-store.orders', { business_id: businessId })} />;
    return <ErrorState message={errorMessage(detail.error)} onRetry={() => void detail.refetch()} />;
  }
  const order = detail.data;
  if (!order) return <LoadingScreen />;
  const left = order.total.amount - order.refunded.amount;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setErrors({ reason: 'Say why the order is cancelled' });
    setErrors({});
    cancel.mutate(
      { reason: reason.trim(), restock, refund },
      {
        onSuccess: () => {
          notifySuccess(`Order ${order.reference} is cancelled; the customer was told.`);
          void navigate(detailHref);
        },
        onError: showErrorsIn(setErrors),
      },
    );
  };

  return (
    <PageFrame title={`Cancel order ${order.reference}`} description="The customer is mailed. An order that has shipped or been picked up is refunded instead.">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={560}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput label="Reason" required value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={errors.reason} />
            <SwitchRow label="Put the items back on stock" checked={restock} onChange={(e) => setRestock(e.currentTarget.checked)} />
            {order.status === 'paid' && left > 0 ? (
              <SwitchRow
                label={`Refund what is left (${formatMoneyWithCode(left, order.total.currency)})`}
                checked={refund}
                onChange={(e) => setRefund(e.currentTarget.checked)}
              />
            ) : null}
            {errors.form ? (
              <Text c="red" size="sm" role="alert">
                {errors.form}
              </Text>
            ) : null}
            <Group justify="flex-end">
              <Anchor component={Link} to={detailHref}>
                Keep the order
              </Anchor>
              <Button type="submit" color="red" loading={cancel.isPending}>
                Cancel order
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </PageFrame>
  );
}
