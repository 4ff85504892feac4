import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { useUrlSearchText } from './use-url-search-text';

afterEach(cleanup);

function List() {
  const search = useUrlSearchText('q', 50);
  return (
    <>
      <label>
        Search
        <input value={search.text} onChange={(e) => search.setText(e.currentTarget.value)} />
      </label>
      <Link to="/list/42">Priya</Link>
    </>
  );
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('useUrlSearchText', () => {
  it('puts the text in the URL after the pause', async () => {
    const router = createMemoryRouter([{ path: '/list', element: <List /> }], { initialEntries: ['/list'] });
    render(<RouterProvider router={router} />);
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'priya' } });
    expect(router.state.location.search).toBe('');
    await act(() => wait(120));
    expect(router.state.location.search).toBe('?q=priya');
  });

  it('does not replace a navigation started before the pause ended (a row clicked while its screen loads)', async () => {
    let loaded!: () => void;
    const router = createMemoryRouter(
      [
        { path: '/list', element: <List /> },
        {
          path: '/list/:id',
          loader: () => new Promise<null>((resolve) => (loaded = () => resolve(null))),
          element: <h1>Customer</h1>,
        },
      ],
      { initialEntries: ['/list'] },
    );
    render(<RouterProvider router={router} />);
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'priya' } });
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Priya' })));
    expect(router.state.navigation.state).toBe('loading');
    // The pause passes while the next screen still loads: the search stays out of the way.
    await act(() => wait(120));
    expect(router.state.navigation.location?.pathname).toBe('/list/42');
    await act(async () => loaded());
    expect(router.state.location.pathname).toBe('/list/42');
    expect(await screen.findByRole('heading', { name: 'Customer' })).toBeTruthy();
  });

  it('does not replace a navigation started after the screen last rendered and before the pause ended (a busy page)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const router = createMemoryRouter(
        [
          { path: '/list', element: <List /> },
          { path: '/list/:id', loader: () => new Promise<null>(() => undefined), element: <h1>Customer</h1> },
        ],
        { initialEntries: ['/list'] },
      );
      render(<RouterProvider router={router} />);
      act(() => {
        fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'priya' } });
      });
      // The click's navigation starts, and the pause ends before React renders the list again.
      void router.navigate('/list/42');
      vi.advanceTimersByTime(60);
      expect(router.state.navigation.location?.pathname).toBe('/list/42');
      expect(router.state.location.search).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });
});
