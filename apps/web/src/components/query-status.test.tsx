import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderWithProviders } from '../test';
import { ApiError } from '../lib/api-client';
import { isNotFound, QueryStatus } from './query-status';

const failed = (error: unknown) => ({ isPending: false, isError: true, error, refetch: vi.fn() });
const validation = (paths: string[]) =>
  new ApiError(
    422,
    {
      code: 'VALIDATION_FAILED',
      message: 'Nothing is at this address: check the link.',
      issues: paths.map((path) => ({ path, message: 'Invalid UUID' })),
      requestId: 'r',
    },
    'failed',
  );

afterEach(cleanup);

describe('QueryStatus', () => {
  it('calls a 404 and a refused id in the path "not found", and nothing else', () => {
    expect(isNotFound(new ApiError(404, { code: 'NOT_FOUND', message: 'Subscription not found.', requestId: 'r' }, 'not found'))).toBe(true);
    expect(isNotFound(validation(['params.recurring_billing']))).toBe(true);
    expect(isNotFound(validation(['params.id', 'amount']))).toBe(false);
    expect(isNotFound(validation([]))).toBe(false);
    expect(isNotFound(new ApiError(500, { code: 'INTERNAL', message: 'Something went wrong on our side.', requestId: 'r' }, 'x'))).toBe(false);
    expect(isNotFound(new Error('offline'))).toBe(false);
  });

  it('shows a missing thing as not found without a retry, and any other failure with one', () => {
    renderWithProviders(<QueryStatus query={failed(validation(['params.id']))} loadingLabel="Loading" />);
    expect(screen.getByRole('alert').textContent).toContain('Not found');
    expect(screen.getByRole('alert').textContent).toContain('Nothing is at this address: check the link.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    cleanup();
    const query = failed(new ApiError(503, { code: 'INTERNAL', message: 'Try later.', requestId: 'r' }, 'x'));
    renderWithProviders(<QueryStatus query={query} loadingLabel="Loading" />);
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong');
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(query.refetch).toHaveBeenCalledOnce();
  });
});
