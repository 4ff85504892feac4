import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { onboardingEndpoints, type Onboarding } from '@merchant/business';
import { renderWithProviders, stubApi } from '@/test';
import { Component as AccountVerificationScreen } from './account-verification-screen';

const BUSINESS = '5b0c2a44-98b6-4d9b-a2a4-3f7e0d0a1c11';

function onboarding(over: Partial<Onboarding>): Onboarding {
  return {
    business_id: BUSINESS,
    status: 'questionnaire',
    country: 'sg',
    currency: 'sgd',
    answers: { business: null, owner: null, address: null, sales: null },
    documents: [],
    completed_steps: [],
    missing_steps: ['business', 'owner', 'address', 'sales', 'documents'],
    progress: 0,
    submitted_at: null,
    last_decision: null,
    ...over,
  } as Onboarding;
}

function renderScreen() {
  renderWithProviders(
    <Routes>
      <Route path="/business/:business_id/verification" element={<AccountVerificationScreen />} />
    </Routes>,
    { route: `/business/${BUSINESS}/verification` },
  );
}

describe('the account verification screen', { timeout: 30_000 }, () => {
  it('lists what is still missing while the questionnaire is open', async () => {
    stubApi().on(onboardingEndpoints.get, () => onboarding({}));
    renderScreen();
    expect(await screen.findByText('Still missing')).toBeTruthy();
  });

  it('says nothing is missing of a verified business, whatever steps its record lacks', async () => {
    stubApi().on(onboardingEndpoints.get, () => onboarding({ status: 'completed', progress: 100 }));
    renderScreen();
    expect(await screen.findByText('The business is verified and can take payments.')).toBeTruthy();
    expect(screen.queryByText('Still missing')).toBeNull();
  });
});
