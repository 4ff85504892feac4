import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { formErrors, showErrorsIn } from './form-errors';

const refusal = (status: number, body: { code: string; message: string; issues?: { path: string; message: string }[] }) =>
  new ApiError(status, { ...body, requestId: 'req' } as ConstructorParameters<typeof ApiError>[1], body.message);

describe('formErrors', () => {
  it("puts a 422's field issues on their paths", () => {
    const error = refusal(422, { code: 'VALIDATION_FAILED', message: 'Invalid', issues: [{ path: 'amount', message: 'Too much' }] });
    expect(formErrors(error)).toEqual({ amount: 'Too much' });
  });

  it('puts any other refusal under form', () => {
    expect(formErrors(refusal(409, { code: 'CONFLICT', message: 'Already archived' }))).toEqual({ form: 'Already archived' });
    expect(formErrors(new Error('offline'))).toEqual({ form: 'offline' });
  });
});

describe('showErrorsIn', () => {
  it('sets the errors, then runs what follows', () => {
    const setErrors = vi.fn();
    const then = vi.fn();
    showErrorsIn(setErrors, then)(new Error('offline'));
    expect(setErrors).toHaveBeenCalledWith({ form: 'offline' });
    expect(then).toHaveBeenCalledOnce();
  });
});
