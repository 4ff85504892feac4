import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { useUrlParams } from './use-url-params';

afterEach(cleanup);

function Filters() {
  const { params, set, clear } = useUrlParams();
  return (
    <>
      <output aria-label="query">{params.toString()}</output>
      <button onClick={() => set('status', 'succeeded')}>Status</button>
      <button
        onClick={() => {
          // A date range filled faster than the screen renders: From, then To.
          set('from', '2026-11-22');
          set('to', '2026-11-24');
        }}
      >
        Range
      </button>
      <button onClick={() => set('status', null)}>Any status</button>
      <button onClick={clear}>Clear</button>
      <Link to="?method=card">Cards only</Link>
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/list', element: <Filters /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const query = () => screen.getByRole('status', { name: 'query' }).textContent;
const click = async (name: string) => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name })));
};

describe('useUrlParams', () => {
  it('keeps every change made before the screen renders again, and the params already there', async () => {
    const router = renderAt('/list?q=coffee');
    await click('Status');
    await click('Range');
    expect(router.state.location.search).toBe('?q=coffee&status=succeeded&from=2026-11-22&to=2026-11-24');
    expect(query()).toBe('q=coffee&status=succeeded&from=2026-11-22&to=2026-11-24');
    await click('Any status');
    expect(query()).toBe('q=coffee&from=2026-11-22&to=2026-11-24');
  });

  it('starts again from the URL after a navigation from elsewhere, and clears every param', async () => {
    const router = renderAt('/list?status=failed');
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Cards only' })));
    expect(query()).toBe('method=card');
    await click('Range');
    expect(query()).toBe('method=card&from=2026-11-22&to=2026-11-24');
    await click('Clear');
    expect(router.state.location.search).toBe('');
  });
});
