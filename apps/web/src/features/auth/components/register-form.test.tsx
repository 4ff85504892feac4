import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createQueryClient } from '../../../lib/query-client';
import { RegisterForm } from './register-form';


afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderRegister() {
  render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/register']}>
          <Routes>
            <Route path="/register" element={<RegisterForm kind="merchant" />} />
            <Route path="/register-completed" element={<p>Completed page</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

// Mantine's Select in jsdom is slow on a busy machine.
describe('RegisterForm', { timeout: 15_000 }, () => {
  it('labels every field and shows client validation messages without calling the server', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderRegister();
    for (const label of ['Your name', 'Email', 'Password', 'Business name', 'Country', 'Currency']) {
      expect(screen.getAllByLabelText(new RegExp(`^${label}`)).length).toBeGreaterThan(0);
    }
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Enter your name')).toBeTruthy();
    expect(screen.getByText('Enter the business name')).toBeTruthy();
    expect(screen.getByText('Choose the country of the business')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('puts the issues of a 422 on the fields, nested business fields included', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      if (url.endsWith('/csrf-token')) return json(200, { token: 't' });
      return json(422, {
        code: 'VALIDATION_FAILED',
        message: 'The given data was invalid',
        requestId: 'r1',
        issues: [
          { path: 'email', message: 'This email is already registered' },
          { path: 'business.name', message: 'That business name is taken' },
        ],
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderRegister();
    fireEvent.change(screen.getByLabelText(/^Your name/), { target: { value: 'Ann' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'correct horse battery' } });
    fireEvent.change(screen.getByLabelText(/^Business name/), { target: { value: 'Ann Bakery' } });
    // Choosing Singapore defaults the currency to SGD.
    fireEvent.click(screen.getByRole('textbox', { name: /^Country/ }));
    fireEvent.click(await screen.findByRole('option', { name: /Singapore/ }));
    await waitFor(() => expect((screen.getByRole('textbox', { name: /^Currency/ }) as HTMLInputElement).value).toMatch(/^SGD/));

    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This email is already registered')).toBeTruthy();
    expect(screen.getByText('That business name is taken')).toBeTruthy();
    const registerCall = fetchMock.mock.calls.find(([url]) => url.endsWith('/register'));
    expect(registerCall).toBeDefined();
  });
});
