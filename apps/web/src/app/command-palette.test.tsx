import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { businessEndpoints } from '@merchant/business';
import { userEndpoints } from '@merchant/identity';
import { OWNER_BUSINESS_ID, apiError, ownerBusiness, ownerUser, renderApp, stubApi } from '../test';

describe('the command palette', { timeout: 30_000 }, () => {
  it('loads after the shell is drawn and opens from the header’s search button with the business’s screens', async () => {
    stubApi()
      .otherwise(() => apiError(404, 'NOT_FOUND', 'Not found.'))
      .on(userEndpoints.me, () => ownerUser)
      .on(businessEndpoints.get, () => ownerBusiness())
      .on(businessEndpoints.onboardingProgress, () => ({ is_completed: true, progress: 100 }));
    renderApp(`/business/${OWNER_BUSINESS_ID}/payments`);
    fireEvent.click(await screen.findByRole('button', { name: 'Search screens' }, { timeout: 5000 }));
    expect(await screen.findByRole('textbox', { name: 'Search screens' }, { timeout: 5000 })).toBeTruthy();
    const palette = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(within(palette).getAllByRole('button', { name: /^Transactions/ }).length).toBeGreaterThan(0);
  });
});
