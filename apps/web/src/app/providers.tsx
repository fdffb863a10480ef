import './layers.css';
// Mantine's global styles; each component's own come with it (src/build/mantine-styles.ts).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { ApiError } from '../lib/api.ts';
import { collapseRepeatedToasts, placeToasts } from '../lib/toasts.ts';
import { DeferredNotifications } from './deferred-notifications.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        // A rejected input or a lost session will not change on retry; a flaky network might.
        retry: (count, error) =>
          !(error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500) && count < 2,
      },
      mutations: { retry: false },
    },
  });
}

export function Providers({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  useEffect(() => {
    placeToasts();
    return collapseRepeatedToasts();
  }, []);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <DeferredNotifications />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
