import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { InvoiceBodySchema, PlanBodySchema } from '@merchant/payments';
import { ApiError } from '@/lib/api-client';
import { MoneyInput } from '@/components/money-input';
import { NumberField } from './number-field';
import { useFormFields, type FormBinder } from './form-fields';
import { useZodForm } from './use-zod-form';

const notifyError = vi.hoisted(() => vi.fn());
vi.mock('@/lib/notify', () => ({ notifyError }));

type Line = { description: string; quantity: number; unit_price: number | null; discount_bps: number };
const line = (unit_price: number | null): Line => ({ description: 'Tea', quantity: 1, unit_price, discount_bps: 0 });

function validation(issues: { path: string; message: string }[]): ApiError {
  return new ApiError(422, { code: 'VALIDATION_FAILED', message: 'The given data was invalid', issues, requestId: 'req-1' }, 'invalid');
}

/** The lines of an invoice-like form: one price, quantity and discount per line, addressed by the line's index. */
function Lines({ currency, onValues }: { currency: string; onValues?: (values: { lines: Line[] }) => void }) {
  const form = useZodForm(InvoiceBodySchema, { customer_id: '', lines: [line(500), line(null)] });
  onValues?.(form.values);
  return (
    <MantineProvider>
      <form noValidate>
        {form.values.lines.map((_, i) => (
          <fieldset key={i}>
            <MoneyInput {...form.money(`lines.${i}.unit_price`, currency)} label={`Unit price (line ${i + 1})`} />
            <NumberField {...form.number(`lines.${i}.quantity`, { empty: Number.NaN })} label={`Quantity (line ${i + 1})`} decimals={3} />
            <NumberField {...form.number(`lines.${i}.discount_bps`, { basisPoints: true, empty: 0 })} label={`Discount % (line ${i + 1})`} decimals={2} />
          </fieldset>
        ))}
        <button type="button" onClick={() => form.handleServerError(validation([{ path: 'lines.1.unit_price', message: 'Enter a price' }]))}>
          Fail
        </button>
      </form>
    </MantineProvider>
  );
}

describe('form fields in arrays', () => {
  it.each([
    ['jpy', '1500', 1500],
    ['sgd', '12.5', 1250],
    ['kwd', '1.234', 1234],
  ])('holds the price of one line in integer minor units of %s, the other lines untouched', (currency, typed, minor) => {
    let values: { lines: Line[] } | undefined;
    render(<Lines currency={currency} onValues={(v) => (values = v)} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Unit price (line 2)' }), { target: { value: typed } });
    expect(Array.isArray(values?.lines)).toBe(true);
    expect(values?.lines).toEqual([line(500), line(minor)]);
  });

  it("puts a server issue of a line's field on that line's field, and typing there clears it", () => {
    render(<Lines currency="sgd" />);
    fireEvent.click(screen.getByRole('button', { name: 'Fail' }));
    const second = screen.getByRole('textbox', { name: 'Unit price (line 2)' });
    expect(second.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Unit price (line 1)' }).getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByText('Enter a price')).toBeTruthy();
    expect(notifyError).not.toHaveBeenCalled();
    fireEvent.change(second, { target: { value: '3' } });
    expect(second.getAttribute('aria-invalid')).toBe('false');
  });

  it('holds a percentage typed as basis points, an emptied discount as 0 and an emptied quantity as not a number', () => {
    let values: { lines: Line[] } | undefined;
    render(<Lines currency="sgd" onValues={(v) => (values = v)} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Discount % (line 1)' }), { target: { value: '12.5' } });
    expect(values?.lines[0]?.discount_bps).toBe(1250);
    fireEvent.change(screen.getByRole('textbox', { name: 'Discount % (line 1)' }), { target: { value: '' } });
    expect(values?.lines[0]?.discount_bps).toBe(0);
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantity (line 2)' }), { target: { value: '' } });
    expect(values?.lines[1]?.quantity).toBeNaN();
    expect((screen.getByRole('textbox', { name: 'Quantity (line 2)' }) as HTMLInputElement).value).toBe('');
  });

  it('matches server issues on array items and on the array itself, and not on items that do not exist', () => {
    const { result } = renderHook(() => useFormFields({ lines: [line(1), line(2)], taxes: [] as { name: string; rate_bps: number }[] }));
    let landed = false;
    act(() => {
      landed = result.current.setServerErrors({ 'lines.0.unit_price': 'Too much', lines: 'At most 100 lines', 'lines.5.unit_price': 'Gone' });
    });
    expect(landed).toBe(true);
    expect(result.current.errors).toEqual({ 'lines.0.unit_price': 'Too much', lines: 'At most 100 lines' });
    expect(result.current.setServerErrors({ 'taxes.0.name': 'Enter a name' })).toBe(false);
  });
});

type PlanPart = { amount: number | null; trial_days: number | null };

/** A part of a form drawn by its own component: it knows only the values it draws. */
function PriceAndTrial({ form, currency }: { form: FormBinder<PlanPart>; currency: string }) {
  return (
    <>
      <MoneyInput {...form.money('amount', currency)} label="Price" />
      <NumberField {...form.number('trial_days')} label="Free trial (days)" />
    </>
  );
}

describe('form fields drawn by a part of a parent form', () => {
  it('binds the parent form’s values and errors through the part’s paths', () => {
    let held: unknown;
    function Parent() {
      const form = useZodForm(PlanBodySchema, { name: 'Gold', customer_id: 'c1', amount: null as number | null, trial_days: 0 as number | null });
      held = form.values;
      return (
        <MantineProvider>
          <PriceAndTrial form={form} currency="jpy" />
          <button type="button" onClick={() => form.setServerErrors({ amount: 'Enter a price', trial_days: 'At most 730 days' })}>
            Fail
          </button>
        </MantineProvider>
      );
    }
    render(<Parent />);
    fireEvent.click(screen.getByRole('button', { name: 'Fail' }));
    const price = screen.getByRole('textbox', { name: 'Price' });
    expect(price.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(price, { target: { value: '980' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Free trial (days)' }), { target: { value: '14' } });
    expect(held).toEqual({ name: 'Gold', customer_id: 'c1', amount: 980, trial_days: 14 });
    expect(price.getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByRole('textbox', { name: 'Free trial (days)' }).getAttribute('aria-invalid')).toBe('false');
  });
});
