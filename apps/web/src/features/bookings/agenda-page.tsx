import {
  ActionIcon,
  Alert,
  Button,
  Container,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconCalendarEvent,
  IconCalendarShare,
  IconChevronLeft,
  IconChevronRight,
  IconHelpCircle,
  IconPlus,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { zoneLabelPlain } from '../../lib/time-zone-label.ts';
import { useUserData } from '../../lib/user-data.ts';
import { useOpenGuides } from '../../ui/guides-slot.tsx';
import { RetryAlert } from '../../ui/list-page.tsx';
import { RequireLogin } from '../../ui/require-login.tsx';
import {
  type AgendaView,
  isAgendaView,
  periodLabel,
  placeOf,
  shiftAnchor,
  todayIn,
  viewRange,
} from './agenda-time.ts';
import { DayList, MonthGrid, StateLegend, TimeGrid, toAgendaItems } from './agenda-views.tsx';
import { bookingsTexts } from './bookings-texts.ts';
import { CalendarFeedModal } from './calendar-feed-modal.tsx';
import { ManualAppointmentModal } from './manual-appointment-modal.tsx';
import { PanelSlot } from './panel-slot.tsx';
import { bookingsKey, useAgendaBookings, useBookingRecord, useOwnZone } from './use-bookings.ts';

/** my-tools/{ref?} (spec 000 §2.2): the professional's agenda; the ref opens that appointment's panel. */
export function AgendaPage() {
  const tx = useTexts(bookingsTexts);
  useDocumentTitle(`${tx('agendaTitle')} · Agendo`);
  return (
    <RequireLogin>
      <AgendaLoader />
    </RequireLogin>
  );
}

/** Reads the professional's data and zone, then draws the agenda in that zone. */
function AgendaLoader() {
  const tx = useTexts(bookingsTexts);
  const user = useUserData();
  const zone = useOwnZone();
  if (user.isPending || zone.isPending) {
    return (
      <Container size="xl" py="lg">
        <Skeleton height={36} width={240} mb="md" />
        <Skeleton height={480} radius="md" />
      </Container>
    );
  }
  if (user.data?.userType !== 1) {
    return (
      <Container size="sm" py="xl">
        <Alert color="yellow" icon={<IconAlertCircle aria-hidden />} role="alert">
          {tx('onlyProfessionals')}
        </Alert>
      </Container>
    );
  }
  if (!zone.data) {
    return (
      <Container size="sm" py="xl">
        <RetryAlert text={tx('loadError')} retry={zone.refetch} />
      </Container>
    );
  }
  return <Agenda zone={zone.data} />;
}

/** The agenda itself, drawn in the professional's zone `zone` (exported for tests). */
export function Agenda({ zone }: { zone: string }) {
  const tx = useTexts(bookingsTexts);
  const lang = useLang();
  const { to } = usePrefix();
  const { ref } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const openGuides = useOpenGuides();
  const newUser = useUserData().data?.newUser === true;
  const today = todayIn(zone);
  const view: AgendaView = isAgendaView(params.get('view')) ? (params.get('view') as AgendaView) : 'week';
  const dateParam = params.get('date');
  const anchor = dateParam && /^\d{4}-\d{2}-\d{2}$/.test(dateParam) ? dateParam : today;
  const range = useMemo(() => viewRange(view, anchor, zone), [view, anchor, zone]);
  const bookings = useAgendaBookings(range.from, range.to, zone);
  const items = useMemo(() => toAgendaItems(bookings.data ?? [], zone), [bookings.data, zone]);
  // my-tools/{ref} without a date shows the week of that appointment behind its panel.
  const linked = useBookingRecord(ref, !dateParam);
  const linkedStart = linked.data?.booking.dateNoFormat;
  useEffect(() => {
    if (!linkedStart || dateParam) return;
    const p = new URLSearchParams(params);
    p.set('date', placeOf({ dateNoFormat: linkedStart, duration: 0 }, zone).day);
    setParams(p, { replace: true });
  }, [linkedStart, dateParam, params, setParams, zone]);
  const [manualOpen, setManualOpen] = useState(false);
  const [feedOpen, setFeedOpen] = useState(false);

  const search = params.toString() ? `?${params.toString()}` : '';
  const go = (next: { view?: AgendaView; date?: string }) => {
    const p = new URLSearchParams(params);
    p.set('view', next.view ?? view);
    p.set('date', next.date ?? anchor);
    setParams(p, { replace: true });
  };
  const open = (bookingRef: string) => navigate(`${to(`my-tools/${bookingRef}`)}${search}`);
  const closePanel = () => navigate(`${to('my-tools')}${search}`);
  const refresh = () => queryClient.invalidateQueries({ queryKey: bookingsKey });

  let body: React.ReactNode;
  if (bookings.isError) {
    body = <RetryAlert text={tx('loadError')} retry={bookings.refetch} />;
  } else if (bookings.isPending) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label={tx('panelLoading')}>
        <Skeleton height={32} />
        <Skeleton height={420} radius="md" />
      </Stack>
    );
  } else if (view === 'month') {
    body = (
      <MonthGrid
        days={range.days}
        month={anchor.slice(0, 7)}
        items={items}
        today={today}
        phone={phone}
        onOpen={open}
        onDay={(day) => go({ view: 'day', date: day })}
      />
    );
  } else if (phone) {
    body = (
      <DayList
        days={range.days}
        items={items}
        today={today}
        onOpen={open}
        emptyText={view === 'day' ? tx('emptyDay') : tx('emptyRange')}
      />
    );
  } else {
    body = <TimeGrid days={range.days} items={items} today={today} onOpen={open} />;
  }
  const empty = !bookings.isPending && !bookings.isError && items.length === 0;

  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }} px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={1} fz={{ base: 24, sm: 30 }} data-tour="agenda-title">
            {tx('agendaTitle')}
          </Title>
          <Group gap="xs" wrap="wrap">
            {openGuides && (
              <Button
                variant="subtle"
                leftSection={<IconHelpCircle size={18} aria-hidden />}
                onClick={openGuides}
                data-tour="agenda-guides"
              >
                {tx('guides')}
              </Button>
            )}
            <Button
              variant="default"
              leftSection={<IconCalendarShare size={18} aria-hidden />}
              onClick={() => setFeedOpen(true)}
              data-tour="agenda-subscribe"
            >
              {tx('subscribe')}
            </Button>
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => setManualOpen(true)}
              data-tour="agenda-new"
            >
              {tx('newAppointment')}
            </Button>
          </Group>
        </Group>
        {newUser && openGuides && (
          <Alert color="brand" variant="light" icon={<IconHelpCircle aria-hidden />}>
            <Group justify="space-between" gap="sm">
              <Text size="sm">{tx('newUserGuides')}</Text>
              <Button size="xs" variant="white" onClick={openGuides}>
                {tx('guides')}
              </Button>
            </Group>
          </Alert>
        )}
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap={6} wrap="nowrap" data-tour="agenda-nav">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={tx('previous')}
              onClick={() => go({ date: shiftAnchor(view, anchor, zone, -1) })}
            >
              <IconChevronLeft size={18} aria-hidden />
            </ActionIcon>
            <Button variant="default" onClick={() => go({ date: today })}>
              {tx('today')}
            </Button>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={tx('next')}
              onClick={() => go({ date: shiftAnchor(view, anchor, zone, 1) })}
            >
              <IconChevronRight size={18} aria-hidden />
            </ActionIcon>
            <DatesProvider settings={{ locale: lang, firstDayOfWeek: 1 }}>
              <DatePickerInput
                aria-label={tx('pickDate')}
                value={anchor}
                onChange={(value) => value && go({ date: value.slice(0, 10) })}
                leftSection={<IconCalendarEvent size={16} aria-hidden />}
                valueFormat="DD/MM/YYYY"
                w={150}
              />
            </DatesProvider>
          </Group>
          <SegmentedControl
            data-tour="agenda-views"
            aria-label={tx('viewLabel')}
            value={view}
            onChange={(value) => go({ view: value as AgendaView })}
            data={[
              { value: 'day', label: tx('viewDay') },
              { value: 'week', label: tx('viewWeek') },
              { value: 'month', label: tx('viewMonth') },
            ]}
          />
        </Group>
        <div>
          <Title order={2} fz="lg" aria-live="polite">
            {periodLabel(view, anchor, range.days, lang)}
          </Title>
          <Text fz="xs" c="dimmed">
            {tx('zoneNote', { zone: zoneLabelPlain(zone, lang) })}
          </Text>
        </div>
        <div data-tour="agenda-legend">
          <StateLegend />
        </div>
        <div data-tour="agenda-body">{body}</div>
        {empty && (
          <Stack gap={2} align="center" ta="center" py="sm" role="status">
            <Text fw={600}>{view === 'day' ? tx('emptyDay') : tx('emptyRange')}</Text>
            <Text fz="sm" c="dimmed">
              {tx('emptyHint')}
            </Text>
          </Stack>
        )}
      </Stack>
      <ManualAppointmentModal
        opened={manualOpen}
        onClose={() => setManualOpen(false)}
        zone={zone}
        defaultDate={anchor < today ? today : anchor}
      />
      <CalendarFeedModal opened={feedOpen} onClose={() => setFeedOpen(false)} />
      <PanelSlot bookingRef={ref} onClose={closePanel} onChanged={refresh} />
    </Container>
  );
}
