import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { ApiError } from '../lib/api.ts';
import { collapseRepeatedToasts, toastClassNames, toastLimit, toastPosition } from '../lib/toasts.ts';
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
  useEffect(() => collapseRepeatedToasts(), []);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {/* spec 000 §9: toast delay 10000 ms. */}
      <Notifications
        position={toastPosition}
        autoClose={10_000}
        limit={toastLimit}
        zIndex={1000}
        classNames={toastClassNames}
      />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
