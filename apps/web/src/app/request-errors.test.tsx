import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { userEndpoints } from '@merchant/identity';
import { ApiError, call, clearCsrfToken } from '../lib/api-client';
import { errorMessage } from '../lib/error-message';
import { Providers, createAppQueryClient } from './providers';
import { buildRoutes } from './router';
import { TOKEN_REFUSED_MESSAGE } from './session-events';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Answer = (url: string, init: RequestInit | undefined) => Response | undefined;

/** A fetch stub: the anti-forgery token, a signed-out user, then whatever `answer` says. */
function serve(answer: Answer = () => undefined) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/csrf-token')) return json(200, { token: 'token-1' });
    const answered = answer(url, init);
    if (answered) return answered;
    if (url.endsWith('/v1/user')) return json(401, { code: 'UNAUTHENTICATED', message: 'Unauthenticated.', requestId: 'r' });
    return json(404, { code: 'NOT_FOUND', message: 'Not found.', requestId: 'r' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderLogin() {
  const queryClient = createAppQueryClient();
  const router = createMemoryRouter(buildRoutes(queryClient, 'dashboard.example.com'), { initialEntries: ['/login'] });
  render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

async function submitLogin() {
  fireEvent.change(await screen.findByLabelText(/^Email/, {}, { timeout: 5000 }), { target: { value: 'ann@example.com' } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'correct horse battery' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

beforeEach(() => {
  clearCsrfToken();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('every request', () => {
  it('sends the anti-forgery header, GET included', async () => {
    const fetchMock = serve((url) => (url.endsWith('/v1/user') ? json(401, { code: 'UNAUTHENTICATED', message: 'No.', requestId: 'r' }) : undefined));
    await expect(call(userEndpoints.me)).rejects.toBeInstanceOf(ApiError);
    const get = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/v1/user'));
    expect(get?.[1]?.method).toBe('GET');
    expect((get?.[1]?.headers as Record<string, string>)['X-CSRF-TOKEN']).toBe('token-1');
    expect((get?.[1]?.headers as Record<string, string>)['X-Requested-With']).toBe('XMLHttpRequest');
  });
});

describe("the snackbar's message (spec 8)", () => {
  const messageFor = async (status: number, body: string) => {
    serve((url) => (url.endsWith('/v1/user') ? new Response(body, { status, headers: { 'Content-Type': 'application/json' } }) : undefined));
    const error = await call(userEndpoints.me).catch((e: unknown) => e);
    return errorMessage(error);
  };

  it('follows message, error.message, error_message, error_code, error, then the exception, for any body', async () => {
    expect(await messageFor(502, JSON.stringify({ message: 'Top', error: { message: 'Nested' } }))).toBe('Top');
    expect(await messageFor(502, JSON.stringify({ error: { message: 'Nested' }, error_message: 'Flat' }))).toBe('Nested');
    expect(await messageFor(502, JSON.stringify({ error_message: 'Flat', error_code: 'E42' }))).toBe('Flat');
    expect(await messageFor(502, JSON.stringify({ error_code: 'E42', error: 'plain' }))).toBe('E42');
    expect(await messageFor(502, JSON.stringify({ error: 'plain' }))).toBe('plain');
    expect(await messageFor(502, JSON.stringify({ something: 'else' }))).toBe('Request failed with status 502');
    expect(await messageFor(502, '<html>Bad gateway</html>')).toBe('Request failed with status 502');
    expect(errorMessage(new Error(''))).toBe('Error');
    expect(errorMessage('thrown string')).toBe('Error');
  });

  it('shows a foreign error body in the red snackbar', async () => {
    serve((url, init) => (url.endsWith('/auth') && init?.method === 'POST' ? json(503, { error: { message: 'The gateway is down for maintenance' } }) : undefined));
    renderLogin();
    await submitLogin();
    expect(await screen.findByText('The gateway is down for maintenance', {}, { timeout: 5000 })).toBeTruthy();
  });
});

describe('a 419 whose retry fails while signed out', () => {
  it('tells the person to reload, after one fresh token and one retry', async () => {
    const fetchMock = serve((url, init) =>
      url.endsWith('/auth') && init?.method === 'POST' ? json(419, { code: 'CSRF_TOKEN_MISMATCH', message: 'CSRF token mismatch.', requestId: 'r' }) : undefined,
    );
    renderLogin();
    await submitLogin();
    expect(await screen.findByText(TOKEN_REFUSED_MESSAGE, {}, { timeout: 5000 })).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/auth'))).toHaveLength(2);
    expect(screen.queryByText('Session Expired')).toBeNull();
  });
});
