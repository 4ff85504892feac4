import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Providers, createAppQueryClient } from './providers';
import { modals } from '../lib/modals';

describe('dialogs asked for before the snackbars and dialogs have loaded', () => {
  it('wait for them and open, instead of being lost', async () => {
    // A guest's page: nothing has loaded the dialogs' provider yet.
    render(
      <Providers queryClient={createAppQueryClient()}>
        <p>page</p>
      </Providers>,
    );
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
    modals.openConfirmModal({ title: 'Cancel this link?', labels: { confirm: 'Cancel link', cancel: 'Keep it' } });
    expect(await screen.findByRole('button', { name: 'Cancel link', hidden: true }, { timeout: 5000 })).toBeTruthy();
  });
});
