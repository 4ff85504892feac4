import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes, useNavigate } from 'react-router';
import { useEffect } from 'react';
import { LOADING_NOTE_AFTER_MS, LoadingScreen } from './loading-screen';
import { SubHeaderBar } from './sub-header-bar/sub-header-bar';
import { SUB_HEADER_DEFAULT_STATE, subHeaderStore, useSubHeaderBar } from './sub-header-bar/sub-header-store';
import { renderWithProviders } from '../test';

afterEach(() => {
  vi.useRealTimers();
  subHeaderStore.reset();
});

describe('LoadingScreen', () => {
  it('says Loading, then adds a note after 2 seconds', () => {
    vi.useFakeTimers();
    renderWithProviders(<LoadingScreen />);
    expect(screen.getByRole('status').textContent).toMatch(/^Loading/);
    expect(screen.queryByText(/taking longer than usual/)).toBeNull();
    act(() => {
      vi.advanceTimersByTime(LOADING_NOTE_AFTER_MS);
    });
    expect(screen.getByText(/taking longer than usual/)).toBeTruthy();
  });
});

function EditScreen() {
  const bar = useSubHeaderBar();
  const { show } = bar;
  useEffect(() => show({ title: 'Edit product' }), [show]);
  return <p>edit screen</p>;
}

function ListScreen() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate('/edit')}>
      Open edit
    </button>
  );
}

describe('SubHeaderBar', () => {
  it('defaults to saved with Cancel and Save; reset() restores the default', () => {
    expect(SUB_HEADER_DEFAULT_STATE).toMatchObject({ saved: true, actionsVisible: true, cancelLabel: 'Cancel', saveLabel: 'Save' });
    subHeaderStore.show('k', { saved: false, saveLabel: 'Publish' });
    expect(subHeaderStore.get()).toMatchObject({ visible: true, saved: false, saveLabel: 'Publish' });
    subHeaderStore.reset();
    expect(subHeaderStore.get()).toEqual(SUB_HEADER_DEFAULT_STATE);
  });

  it('Cancel goes back to the previous page and hides the bar', async () => {
    renderWithProviders(
      <>
        <SubHeaderBar contentWidth={960} />
        <Routes>
          <Route path="/list" element={<ListScreen />} />
          <Route path="/edit" element={<EditScreen />} />
        </Routes>
      </>,
      { route: '/list' },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open edit' }));
    expect(await screen.findByRole('region', { name: 'Edit product' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Open edit' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Edit product' })).toBeNull();
    expect(subHeaderStore.get().visible).toBe(false);
  });
});
