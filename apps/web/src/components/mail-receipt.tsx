import { Button, Group, Text, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { posOrderEndpoints } from '@merchant/catalogue';
import { useFormFields } from '@/components/form/form-fields';
import { call } from '@/lib/api-client';

/**
 * Mails a register order's receipt (the register's receipt and the order's page: docs/pos.md, "Receipts"): to the
 * address typed, or, left empty, to the order's customer. The server keeps it in the mail outbox and limits how often.
 */
export function MailReceipt({ businessId, orderId, customerName }: { businessId: string; orderId: string; customerName: string | null }) {
  const form = useFormFields({ email: '' });
  const mail = useMutation({
    meta: { silent: true },
    mutationFn: (email: string | null) => call(posOrderEndpoints.mailReceipt, { params: { business_id: businessId, order_id: orderId }, body: { email } }),
  });
  const send = () => mail.mutate(form.values.email.trim() || null, { onError: form.handleServerError });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput
          {...form.field('email')}
          type="email"
          label="Email the receipt to"
          placeholder={customerName ? `${customerName}’s email on file` : 'customer@example.com'}
          description={customerName ? 'Leave empty to mail the customer' : undefined}
          autoComplete="off"
          style={{ flex: '1 1 14rem' }}
        />
        <Button type="submit" variant="default" leftSection={<IconMail size={16} aria-hidden />} loading={mail.isPending}>
          Mail receipt
        </Button>
      </Group>
      {mail.data ? (
        <Text size="sm" role="status" mt={4}>
          Receipt mailed to {mail.data.sent_to}.
        </Text>
      ) : null}
    </form>
  );
}
