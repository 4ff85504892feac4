import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Onboarding } from '@merchant/business';
import { OnboardingSummary } from './onboarding-summary';
import { renderWithProviders } from '../test';

const onboarding: Onboarding = {
  business_id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  status: 'pending_verification',
  country: 'sg',
  currency: 'sgd',
  answers: {
    business: null,
    owner: { full_name: 'Priya Pending', date_of_birth: '1988-04-12', nationality: 'sg', id_type: 'national_id', id_number: 'S8812345A' },
    address: null,
    sales: null,
  },
  documents: [],
  completed_steps: ['owner'],
  missing_steps: ['business', 'address', 'sales', 'documents'],
  progress: 20,
  submitted_at: null,
  last_decision: null,
};

/** Issue 25: the super admins' review showed the date of birth as "1988-04-12" and the whole NRIC. */
describe('the verification answers', () => {
  it("write the owner's date of birth as a date and hide all but the last four characters of the document's number", () => {
    renderWithProviders(<OnboardingSummary onboarding={onboarding} />);
    const owner = screen.getByRole('region', { name: 'Owner identity' });
    expect(within(owner).getByText('12 Apr 1988')).toBeTruthy();
    expect(within(owner).getByText('National identity card •••• 345A')).toBeTruthy();
    expect(owner.textContent).not.toContain('S8812345A');
    expect(owner.textContent).not.toContain('1988-04-12');
  });
});
