import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { errorMessage, fieldErrors } from '@/lib/error-message';
import type { Cart } from '../lib/cart';
import { notKept, saveProblem } from '../lib/drafts';

/**
 * "Save" beside Charge (docs/pos.md, "Saving the cart as an open order"): asks for an optional name or note (the
 * cart's note to start with) and saves the cart as an open order of the location, or into the open order it was opened
 * from. A cart a draft cannot keep (add-ons, a discount on a line) is refused here with the line named, as the server
 * refuses it; saving needs the network.
 */
export function SaveCartDialog({
  cart,
  online,
  saving,
  error,
  onClose,
  onSave,
}: {
  cart: Cart;
  online: boolean;
  saving: boolean;
  /** The server's refusal of the last save, if any. */
  error: unknown;
  onClose: () => void;
  onSave: (note: string) => void;
}) {
  const [note, setNote] = useState(cart.note);
  const problem = saveProblem(cart);
  const dropped = notKept(cart);
  const refusal = error ? (fieldErrors(error).note ?? errorMessage(error)) : null;
  const title = cart.draft ? `Save draft order #${cart.draft.number}` : 'Save as an open order';
  return (
    <Modal opened onClose={onClose} title={title} size="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!problem && online) onSave(note);
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            {cart.draft
              ? 'The open order takes the cart as it is now; the cart is cleared and the order stays open to be paid later.'
              : 'The cart is kept as an open order of this location, to be opened and paid later; the cart is cleared.'}
          </Text>
          {problem ? (
            <Alert color="red" role="alert" title="This cart cannot be saved">
              {problem}
            </Alert>
          ) : null}
          {!online ? (
            <Alert color="yellow" role="alert" title="No network">
              Saving an open order needs the network: charge the sale, or save it when the network is back.
            </Alert>
          ) : null}
          <Textarea
            label="Name or note (optional)"
            value={note}
            maxLength={500}
            autosize
            minRows={2}
            onChange={(e) => setNote(e.currentTarget.value)}
            data-autofocus
          />
          {dropped.length > 0 ? (
            <Text size="sm" c="dimmed">
              An open order does not keep {dropped.join(' or ')}.
            </Text>
          ) : null}
          {refusal ? (
            <Alert color="red" role="alert" title="Not saved">
              {refusal}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} disabled={problem !== null || !online}>
              {cart.draft ? `Save #${cart.draft.number}` : 'Save order'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
