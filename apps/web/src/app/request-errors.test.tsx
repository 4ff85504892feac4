import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { authEndpoints, userEndpoints } from '@merchant/identity';
import { ApiError, call } from '../lib/api-client';
import { errorMessage } from '../lib/error-message';
import { STUB_CSRF_TOKEN, apiError, json, renderApp, stubApi } from '../test';
import { TOKEN_REFUSED_MESSAGE } from './session-events';

/** The API as a signed-out person meets it: `GET /v1/user` is 401. */
const signedOut = () => stubApi().on(userEndpoints.me, () => apiError(401, 'UNAUTHENTICATED', 'Unauthenticated.'));

async function submitLogin() {
  fireEvent.change(await screen.findByLabelText(/^Email/, {}, { timeout: 5000 }), { target: { value: 'ann@example.com' } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'correct horse battery' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('every request', () => {
  it('sends the anti-forgery header, GET included', async () => {
    const api = signedOut();
    await expect(call(userEndpoints.me)).rejects.toBeInstanceOf(ApiError);
    const [get] = api.requests(userEndpoints.me);
    expect(get?.method).toBe('GET');
    expect(get?.headers['x-csrf-token']).toBe(STUB_CSRF_TOKEN);
    expect(get?.headers['x-requested-with']).toBe('XMLHttpRequest');
  });
});

describe("the snackbar's message (spec 8)", () => {
  const messageFor = async (status: number, body: string) => {
    stubApi().on(userEndpoints.me, () => new Response(body, { status, headers: { 'Content-Type': 'application/json' } }));
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
    signedOut().on(authEndpoints.login, () => json(503, { error: { message: 'The gateway is down for maintenance' } }));
    renderApp('/login');
    await submitLogin();
    expect(await screen.findByText('The gateway is down for maintenance', {}, { timeout: 5000 })).toBeTruthy();
  });
});

describe('a 419 whose retry fails while signed out', () => {
  it('tells the person to reload, after one fresh token and one retry', async () => {
    const api = signedOut().on(authEndpoints.login, () => apiError(419, 'CSRF_TOKEN_MISMATCH', 'CSRF token mismatch.'));
    renderApp('/login');
    await submitLogin();
    expect(await screen.findByText(TOKEN_REFUSED_MESSAGE, {}, { timeout: 5000 })).toBeTruthy();
    expect(api.requests(authEndpoints.login)).toHaveLength(2);
    expect(api.requests(authEndpoints.csrfToken)).toHaveLength(2);
    expect(screen.queryByText('Session Expired')).toBeNull();
  });
});
