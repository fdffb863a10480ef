import type { Booking } from '@agendo/contract';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { theme } from '../../app/theme.ts';

/** A confirmed, unpaid 50-minute appointment seen by its professional (override what a test needs). */
export function bookingFixture(over: Partial<Booking> = {}): Booking {
  return {
    id: 'bookRef0001',
    bookId: '1001',
    state: 'confirmed',
    title: 'Sesión de psicoterapia',
    service: 'Psicología',
    publicationRef: 'pubRef0001',
    sellerName: 'Laura Méndez',
    sellerRef: 'profRef001',
    clientName: 'Valentina Sosa',
    imgSeller: null,
    imgClient: null,
    date: '2026-11-24',
    dateNoFormat: '2026-11-24T13:00:00.000Z',
    endsAt: '2026-11-24T13:50:00.000Z',
    hourStart: '10:00',
    hourStartClient: '14:00',
    timezone: 'America/Argentina/Buenos_Aires',
    timezoneClient: 'Europe/Madrid',
    now: 0,
    duration: 50,
    modalityId: 1,
    modalityChosen: 1,
    modality: 'Online',
    modalityClass: 'online',
    address: null,
    price: 20000,
    currency: 'ARS',
    pay: 0,
    payMethod: null,
    noPrice: 0,
    hidePrice: 0,
    priceProfOk: 0,
    priceConfirmDeadline: null,
    payCash: 1,
    payCard: 1,
    recurrent: 0,
    seriesRef: null,
    groupId: null,
    groupCapacity: 1,
    customerId: 'cliRef0001',
    idContact: 'conRef0001',
    hasContact: 1,
    clientPhone: null,
    userCountry: 5,
    linkId: null,
    createByProf: 0,
    canCancel: true,
    canRemark: true,
    canCalificate: false,
    rated: false,
    platformVideoCall: 1,
    linkVideoCall: null,
    passVideoCall: null,
    roomIdLink: null,
    cancelledAt: null,
    cancelReason: null,
    viewerRole: 'professional',
    ...over,
  };
}

/** Renders `element` at `path` (matched by `pattern`) with Mantine, notifications and a fresh query client. */
export function renderAt(pattern: string, path: string, element: ReactNode) {
  const router = createMemoryRouter(
    [
      { path: pattern, element },
      { path: '/:country/:lang/*', element: <p>Otra página</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <MantineProvider theme={theme}>
      <Notifications />
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}
