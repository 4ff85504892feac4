import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { authEndpoints } from '@merchant/identity';
import { apiError, renderWithProviders, stubApi } from '@/test';
import { RegisterForm } from './register-form';

function renderRegister() {
  renderWithProviders(
    <Routes>
      <Route path="/register" element={<RegisterForm kind="merchant" />} />
      <Route path="/register-completed" element={<p>Completed page</p>} />
    </Routes>,
    { route: '/register' },
  );
}

// Mantine's Select in jsdom is slow on a busy machine.
describe('RegisterForm', { timeout: 30_000 }, () => {
  it('labels every field and shows client validation messages without calling the server', () => {
    const api = stubApi();
    renderRegister();
    for (const label of ['Your name', 'Email', 'Password', 'Business name', 'Country', 'Currency']) {
      expect(screen.getAllByLabelText(new RegExp(`^${label}`)).length).toBeGreaterThan(0);
    }
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Enter your name')).toBeTruthy();
    expect(screen.getByText('Enter the business name')).toBeTruthy();
    expect(screen.getByText('Choose the country of the business')).toBeTruthy();
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('puts the issues of a 422 on the fields, nested business fields included', async () => {
    const api = stubApi().on(authEndpoints.register, () =>
      apiError(422, 'VALIDATION_FAILED', 'The given data was invalid', {
        issues: [
          { path: 'email', message: 'This email is already registered' },
          { path: 'business.name', message: 'That business name is taken' },
        ],
      }),
    );
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
    expect(api.requests(authEndpoints.register)).toHaveLength(1);
    expect(api.requests(authEndpoints.register)[0]!.body).toMatchObject({
      name: 'Ann',
      email: 'ann@example.com',
      business: { name: 'Ann Bakery', country: 'sg', currency: 'sgd' },
    });
  });
});
