import { Anchor, Container, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCalendarOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { MoreButton, RetryAlert } from '../../ui/list-page.tsx';
import { RequireLogin } from '../../ui/require-login.tsx';
import { BookingRow } from './booking-row.tsx';
import { bookingsTexts } from './bookings-texts.ts';
import { PanelSlot } from './panel-slot.tsx';
import { type BookingsMode, bookingsKey, type ListFilter, useBookingList } from './use-bookings.ts';

/** bookings/{ref?}/{idPay?} (spec 000 §2.2): the professional's appointments. */
export function ProfessionalBookingsPage() {
  return <BookingsListPage mode={1} base="bookings" />;
}

/** my-bookings/{ref?}/{idPay?} (spec 000 §2.2): the client's appointments. */
export function ClientBookingsPage() {
  return <BookingsListPage mode={2} base="my-bookings" />;
}

const filters: readonly ListFilter[] = ['upcoming', 'past', 'cancelled'];
const tabText = { upcoming: 'tabNext', past: 'tabPast', cancelled: 'tabCancelled' } as const;
const emptyText = { upcoming: 'emptyNext', past: 'emptyPast', cancelled: 'emptyCancelled' } as const;

function BookingsListPage({ mode, base }: { mode: BookingsMode; base: string }) {
  const tx = useTexts(bookingsTexts);
  const { to } = usePrefix();
  const { ref } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<ListFilter>('upcoming');
  const title = mode === 1 ? tx('bookingsTitle') : tx('myBookingsTitle');
  useDocumentTitle(`${title} · Agendo`);
  return (
    <RequireLogin>
      <Container size="md" py={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {title}
          </Title>
          <Tabs value={filter} onChange={(v) => v && setFilter(v as ListFilter)} keepMounted={false}>
            <Tabs.List aria-label={tx('tabsLabel')} grow>
              {filters.map((f) => (
                <Tabs.Tab key={f} value={f}>
                  {tx(tabText[f])}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {filters.map((f) => (
              <Tabs.Panel key={f} value={f} pt="md">
                <BookingList mode={mode} filter={f} onOpen={(r) => navigate(to(`${base}/${r}`))} />
              </Tabs.Panel>
            ))}
          </Tabs>
        </Stack>
        <PanelSlot
          bookingRef={ref}
          onClose={() => navigate(to(base))}
          onChanged={() => queryClient.invalidateQueries({ queryKey: bookingsKey })}
        />
      </Container>
    </RequireLogin>
  );
}

/** One tab: the appointments of a filter with 'Ver más', loading, empty and error states. */
export function BookingList({
  mode,
  filter,
  onOpen,
}: {
  mode: BookingsMode;
  filter: ListFilter;
  onOpen: (ref: string) => void;
}) {
  const tx = useTexts(bookingsTexts);
  const { to } = usePrefix();
  const list = useBookingList(mode, filter);
  if (list.isPending) {
    return (
      <Stack gap="sm" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={92} radius="md" />
        ))}
      </Stack>
    );
  }
  if (list.isError) {
    return <RetryAlert text={tx('loadError')} retry={list.refetch} />;
  }
  const bookings = list.data.pages.flatMap((p) => p.bookings);
  if (bookings.length === 0) {
    return (
      <Stack align="center" ta="center" gap="xs" py="xl" role="status">
        <IconCalendarOff size={40} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
        <Text fw={600}>{filter === 'upcoming' ? tx('emptyList') : tx(emptyText[filter])}</Text>
        {filter === 'upcoming' && (
          <Anchor component={Link} to={mode === 2 ? to('search') : to('clients')}>
            {mode === 2 ? tx('searchProfessionals') : tx('seeClients')}
          </Anchor>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {bookings.map((b) => (
          <li key={b.id}>
            <BookingRow booking={b} onOpen={onOpen} />
          </li>
        ))}
      </Stack>
      <MoreButton pages={list} label={tx('seeMore')} />
    </Stack>
  );
}
