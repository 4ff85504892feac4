import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers, createAppQueryClient } from './app/providers';
import { createAppRouter } from './app/router';
import { applyPageBootstrap } from './lib/page-bootstrap';

const queryClient = createAppQueryClient();
applyPageBootstrap(queryClient, document);
const router = createAppRouter(queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// A transition: React draws the first screen in slices that yield to the browser every few milliseconds
// instead of one long task, so a phone stays responsive while the app starts (index.html shows the start-up
// frame meanwhile).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
