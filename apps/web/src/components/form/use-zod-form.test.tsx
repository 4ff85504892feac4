import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { RegisterBodySchema, ChangePasswordBodySchema, LoginBodySchema } from '@merchant/identity';
import { ApiError } from '@/lib/api-client';
import { fieldErrors } from '@/lib/error-message';
import { MantineProvider } from '@mantine/core';
import { z } from 'zod';
import { CurrencyCodeSchema, PositiveMinorAmountSchema } from '@merchant/core';
import { MoneyInput } from '@/components/money-input';
import { useZodForm, type FormSchema } from './use-zod-form';

const notifyError = vi.hoisted(() => vi.fn());
vi.mock('@/lib/notify', () => ({ notifyError }));

/** A price with its currency, as money fields travel. */
const ProductBodySchema = z.object({
  name: z.string().min(1),
  description: z.string(),
  price: z.object({ amount: PositiveMinorAmountSchema, currency: CurrencyCodeSchema }),
});

const registerInitial = {
  name: '',
  email: '',
  password: '',
  business: { name: '', country: '', currency: '' },
};

function validation(issues: { path: string; message: string }[]): ApiError {
  return new ApiError(422, { code: 'VALIDATION_FAILED', message: 'The given data was invalid', issues, requestId: 'req-1' }, 'invalid');
}

describe('useZodForm', () => {
  it('binds an amount in integer minor units and a whole number: typed values in, the schema’s output and field errors out', () => {
    const handler = vi.fn();
    function Product() {
      const form = useZodForm(ProductBodySchema, { name: 'Latte', description: '', price: { amount: null as number | null, currency: 'sgd' } });
      return (
        <form onSubmit={form.onSubmit(handler)}>
          <MoneyInput {...form.money('price.amount', form.values.price.currency)} label="Price" />
          <output aria-label="held">{JSON.stringify(form.values.price)}</output>
          <button type="submit">Save</button>
        </form>
      );
    }
    render(
      <MantineProvider>
        <Product />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(handler).not.toHaveBeenCalled();
    const price = screen.getByRole('textbox', { name: 'Price' });
    expect(price.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(price, { target: { value: '4.5' } });
    // Typing clears the field's error; the form holds 450 cents, never a float.
    expect(price.getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByLabelText('held').textContent).toBe('{"amount":450,"currency":"sgd"}');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(handler).toHaveBeenCalledWith(expect.objectContaining({ price: { amount: 450, currency: 'sgd' } }));
  });

  it('binds a count as a number or null', () => {
    const { result } = renderHook(() => useZodForm(LoginBodySchema, { email: '', password: '', tries: null as number | null }));
    expect(result.current.number('tries')).toMatchObject({ name: 'tries', value: null });
    act(() => result.current.number('tries').onChange(3));
    expect(result.current.values.tries).toBe(3);
    expect(result.current.number('tries').value).toBe(3);
  });

  it('shows the schema messages on the fields when submitted invalid, and does not call the handler', () => {
    const handler = vi.fn();
    const { result } = renderHook(() => useZodForm(LoginBodySchema, { email: 'not-an-email', password: '' }));
    act(() => result.current.onSubmit(handler)());
    expect(handler).not.toHaveBeenCalled();
    expect(result.current.field('email').error).toBe('Enter a valid email address');
    expect(result.current.field('password').error).toBe('Enter your password');
  });

  it('passes the parsed output (trimmed, lower-cased) to the handler when valid', () => {
    const handler = vi.fn();
    const { result } = renderHook(() => useZodForm(LoginBodySchema, { email: '  Ann@Example.COM ', password: 'secret' }));
    act(() => result.current.onSubmit(handler)());
    expect(handler).toHaveBeenCalledWith({ email: 'ann@example.com', password: 'secret' });
    expect(result.current.errors).toEqual({});
  });

  it('puts refinement messages on the path the schema names', () => {
    const { result } = renderHook(() =>
      useZodForm(ChangePasswordBodySchema, { current_password: 'old', password: 'long enough 1', password_confirmation: 'different' }),
    );
    act(() => result.current.onSubmit(vi.fn())());
    expect(result.current.field('password_confirmation').error).toBe('Passwords do not match');
    expect(result.current.field('password').error).toBeUndefined();
  });

  it('validates nested values and reports them under dotted paths', () => {
    const { result } = renderHook(() => useZodForm(RegisterBodySchema, registerInitial));
    act(() => result.current.onSubmit(vi.fn())());
    expect(result.current.field('business.name').error).toBe('Enter the business name');
    expect(result.current.field('name').error).toBe('Enter your name');
  });

  it('maps the issues of a 422 onto the matching fields, nested ones included', () => {
    const { result } = renderHook(() => useZodForm(RegisterBodySchema, registerInitial));
    const error = validation([
      { path: 'email', message: 'This email is already registered' },
      { path: 'business.currency', message: 'Unknown currency' },
    ]);
    act(() => result.current.handleServerError(error));
    expect(result.current.field('email').error).toBe('This email is already registered');
    expect(result.current.field('business.currency').error).toBe('Unknown currency');
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('falls back to the snackbar when no issue matches a field, or the error has no issues', () => {
    notifyError.mockClear();
    const { result } = renderHook(() => useZodForm(LoginBodySchema, { email: '', password: '' }));
    act(() => result.current.handleServerError(validation([{ path: 'token', message: 'Expired' }])));
    expect(result.current.errors).toEqual({});
    const locked = new ApiError(429, { code: 'AUTH_ACCOUNT_LOCKED', message: 'Too many attempts', requestId: 'r' }, 'x');
    act(() => result.current.handleServerError(locked));
    expect(notifyError).toHaveBeenCalledTimes(2);
    expect(fieldErrors(locked)).toEqual({});
  });

  it('leaves 401 and 419 to the session layer', () => {
    notifyError.mockClear();
    const { result } = renderHook(() => useZodForm(LoginBodySchema, { email: '', password: '' }));
    act(() => result.current.handleServerError(new ApiError(419, null, 'expired')));
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('clears a field error when the field changes', () => {
    const { result } = renderHook(() => useZodForm(LoginBodySchema, { email: '', password: '' }));
    act(() => {
      result.current.setServerErrors({ email: 'These credentials do not match our records' });
    });
    expect(result.current.field('email').error).toBe('These credentials do not match our records');
    act(() => result.current.field('email').onChange('ann@example.com'));
    expect(result.current.field('email').error).toBeUndefined();
    expect(result.current.values.email).toBe('ann@example.com');
  });
});

function LoginForm({
  onValid,
  schema = LoginBodySchema,
}: {
  onValid: (data: { email: string; password: string }) => void;
  schema?: FormSchema<typeof LoginBodySchema>;
}) {
  const form = useZodForm(schema, { email: '', password: '' });
  const email = form.field('email');
  const password = form.field('password');
  return (
    <form onSubmit={form.onSubmit(onValid)} noValidate>
      <label htmlFor="email">Email</label>
      <input id="email" name={email.name} value={email.value} onChange={email.onChange} aria-describedby="email-error" />
      {email.error && <p id="email-error">{email.error}</p>}
      <label htmlFor="password">Password</label>
      <input id="password" name={password.name} type="password" value={password.value} onChange={password.onChange} />
      {password.error && <p>{password.error}</p>}
      <button type="submit">Sign in</button>
    </form>
  );
}

describe('useZodForm in a form', () => {
  it('focuses the first invalid field and submits once fixed', () => {
    const onValid = vi.fn();
    render(<LoginForm onValid={onValid} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'pw' } });
    expect(screen.queryByText('Enter a valid email address')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onValid).toHaveBeenCalledWith({ email: 'ann@example.com', password: 'pw' });
  });
});

describe('useZodForm with a schema that loads on first use', () => {
  /** A loader that counts its calls and answers when the test lets it. */
  function deferredSchema() {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const load = vi.fn(() => released.then(() => LoginBodySchema));
    return { load, release };
  }

  it('loads nothing until the first input, then loads once and validates with the same messages', async () => {
    const { load, release } = deferredSchema();
    const onValid = vi.fn();
    render(<LoginForm onValid={onValid} schema={load} />);
    expect(load).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'pw' } });
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => release());

    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(onValid).not.toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a submit before the schema has loaded waits for it, then validates and submits', async () => {
    const { load, release } = deferredSchema();
    const onValid = vi.fn();
    render(<LoginForm onValid={onValid} schema={load} />);

    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Enter a valid email address')).toBeNull();
    await act(async () => release());
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' Ann@Example.com ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onValid).toHaveBeenCalledWith({ email: 'ann@example.com', password: 'pw' });
  });

  it('a schema that failed to load on the first input is loaded again by the submit', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module')).mockResolvedValue(LoginBodySchema);
    const onValid = vi.fn();
    render(<LoginForm onValid={onValid} schema={load} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'pw' } });
    await act(async () => undefined);

    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await act(async () => undefined);
    expect(load).toHaveBeenCalledTimes(2);
    expect(onValid).toHaveBeenCalledWith({ email: 'ann@example.com', password: 'pw' });
  });
});
