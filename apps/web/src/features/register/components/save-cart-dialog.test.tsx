import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/test';
import { EMPTY_CART, type Cart } from '../lib/cart';
import { SaveCartDialog } from './save-cart-dialog';

const line = { key: 'k1', productId: 'p1', variantId: 'v1', categoryId: null, name: 'Flat white', unitPrice: 6_00, quantity: 2, addOns: [], discount: null };
const cart = (over: Partial<Cart> = {}): Cart => ({ ...EMPTY_CART, lines: [line], note: 'Window table', ...over });

function show(props: Partial<Parameters<typeof SaveCartDialog>[0]> & { cart: Cart }) {
  const onSave = vi.fn();
  renderWithProviders(<SaveCartDialog online saving={false} error={null} onClose={() => {}} onSave={onSave} {...props} />);
  return onSave;
}

describe('SaveCartDialog', () => {
  it('asks for an optional name or note, the cart’s note first, and saves with what was typed', () => {
    const onSave = show({ cart: cart({ tip: 1_00 }) });
    const note = screen.getByRole('textbox', { name: 'Name or note (optional)' });
    expect((note as HTMLTextAreaElement).value).toBe('Window table');
    expect(screen.getByText('An open order does not keep the tip.')).toBeTruthy();
    fireEvent.change(note, { target: { value: 'Ada, back at 5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save order' }));
    expect(onSave).toHaveBeenCalledWith('Ada, back at 5');
  });

  it('refuses a line with add-ons, naming it, and saving offline', () => {
    const onSave = show({ cart: cart({ lines: [{ ...line, addOns: [{ id: 'a1', name: 'Oat milk', price: 80 }] }] }), online: false });
    expect(screen.getByRole('alert', { name: 'This cart cannot be saved' }).textContent).toContain('“Flat white” has add-ons');
    expect(screen.getByText(/Saving an open order needs the network/)).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save order' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(save);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('names the draft it saves into, and shows the server’s refusal', () => {
    show({
      cart: cart({ draft: { id: 'd1', number: 7 } }),
      error: new ApiError(422, { code: 'VALIDATION_FAILED', message: 'Choose a customer from the list', requestId: 'r' }, 'Choose a customer from the list'),
    });
    expect(screen.getByRole('dialog', { name: 'Save draft order #7' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save #7' })).toBeTruthy();
    expect(screen.getByRole('alert', { name: 'Not saved' }).textContent).toContain('Choose a customer from the list');
  });
});
