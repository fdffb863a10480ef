import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { listenForPreloadErrors } from './app/chunk-recovery.ts';
import { createQueryClient, Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { setEarlyDataClient } from './lib/early-data.ts';

listenForPreloadErrors();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const queryClient = createQueryClient();
setEarlyDataClient(queryClient);

createRoot(root).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={createAppRouter()} />
    </Providers>
  </StrictMode>,
);
