import { contactGenders, type OutputOf } from '@agendo/contract';
import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconCalendarOff, IconMessageCircle, IconPencil } from '@tabler/icons-react';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { Link } from 'react-router';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { EmptyNote, RetryAlert } from '../../ui/list-page.tsx';
import { useSalesTable } from '../../ui/sales-table-slot.tsx';
import { formatDateTime } from './contact-notes-tab.tsx';
import { contactsTexts, monthNames } from './contacts-texts.ts';
import { useContactBookings, useContactWorkshops } from './use-contacts.ts';

type ContactInfo = OutputOf<'find-user-info-contact'>;

function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  const tx = useTexts(contactsTexts);
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value || tx('none')}
      </Text>
    </Stack>
  );
}

/** The Info tab (user-information): the contact's data, read only, with an edit button. */
export function ContactInfoTab({ info, onEdit }: { info: ContactInfo; onEdit: (() => void) | null }) {
  const tx = useTexts(contactsTexts);
  const lang = useLang();
  const birth =
    info.userBirthYear && info.userBirthMonth && info.userBirthDay
      ? lang === 'en'
        ? `${monthNames.en[info.userBirthMonth - 1]} ${info.userBirthDay}, ${info.userBirthYear}`
        : `${info.userBirthDay} de ${monthNames.es[info.userBirthMonth - 1]?.toLowerCase()} de ${info.userBirthYear}`
      : null;
  const address = [
    info.userStreet,
    info.userFloor && `${tx('floor')} ${info.userFloor}`,
    info.userDepto && `${tx('depto')} ${info.userDepto}`,
  ]
    .filter(Boolean)
    .join(', ');
  const place = [info.userCityName, info.userStateName, info.userCountryName].filter(Boolean).join(', ');
  const incomplete = !info.userStreet || !birth;
  return (
    <Stack gap="md">
      {incomplete && onEdit && (
        <Alert color="brand" variant="light">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{tx('infoEmpty')}</Text>
            <Button size="xs" variant="white" onClick={onEdit}>
              {tx('edit')}
            </Button>
          </Group>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
        <Field label={tx('email')} value={info.userMail} />
        <Field label={tx('phone')} value={info.userPhone && formatPhone(info.userPhone)} />
        <Field label={tx('identify')} value={info.userIdentify} />
        <Field label={tx('birthDate')} value={birth} />
        <Field label={tx('gender')} value={contactGenders.find((g) => g.value === info.userGender)?.[lang]} />
        <Field label={tx('street')} value={address} />
        <Field label={tx('place')} value={place} />
        <Field label={tx('pobox')} value={info.userPObox} />
        {info.insurance && <Field label={tx('obraSocial')} value={info.obraSocial} />}
        {info.insurance && <Field label={tx('numObraSocial')} value={info.numObraSocial} />}
        <Field label={tx('createdAt')} value={formatDateTime(info.createdAt, lang)} />
      </SimpleGrid>
      {onEdit && (
        <Group justify="flex-end">
          <Button variant="light" leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
            {tx('edit')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

const stateKeys = {
  held: 'stateHeld',
  pending: 'statePending',
  confirmed: 'stateConfirmed',
  done: 'stateDone',
  cancelled: 'stateCancelled',
} as const;
const stateColors: Record<string, string> = {
  pending: 'yellow.9',
  confirmed: 'teal.9',
  done: 'brand.9',
  cancelled: 'red.9',
};

/** The Bookings tab: a simple list of the contact's bookings with this professional. */
export function ContactBookingsTab({ contactRef }: { contactRef: string }) {
  const tx = useTexts(contactsTexts);
  const lang = useLang();
  const bookings = useContactBookings(contactRef);
  if (bookings.isPending) {
    return (
      <Stack gap="sm" aria-busy="true">
        <Skeleton height={56} radius="md" />
        <Skeleton height={56} radius="md" />
      </Stack>
    );
  }
  if (bookings.isError) {
    return <RetryAlert compact text={tx('bookingsError')} retry={bookings.refetch} />;
  }
  if (bookings.data.length === 0) {
    return (
      <EmptyNote icon={<IconCalendarOff size={36} stroke={1.5} aria-hidden />} text={tx('bookingsEmpty')} />
    );
  }
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {bookings.data.map((b) => (
        <Card key={b.id} withBorder radius="md" padding="sm" component="li">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {b.title}
              </Text>
              <Text size="xs" c="dimmed" component="time" dateTime={b.startsAt}>
                {formatDateTime(b.startsAt, lang)}
              </Text>
            </Stack>
            <Badge variant="outline" color={stateColors[b.state] ?? 'gray.7'}>
              {b.state in stateKeys ? tx(stateKeys[b.state as keyof typeof stateKeys]) : b.state}
            </Badge>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** Contrataciones (spec 001 §2.3): the sales table of this contact only (consultantId). */
export function ContactSalesTab({ contactRef, ownCountry }: { contactRef: string; ownCountry?: number }) {
  const SalesTable = useSalesTable();
  return SalesTable ? <SalesTable consultantId={contactRef} ownCountry={ownCountry} /> : null;
}

/** The Chat tab: spec 001 §2: the only way out is the route prof-chat/{ref}. */
export function ContactChatTab({ idChat }: { idChat: string | null }) {
  const tx = useTexts(contactsTexts);
  const { to } = usePrefix();
  return (
    <EmptyNote
      icon={<IconMessageCircle size={36} stroke={1.5} aria-hidden />}
      text={idChat ? tx('chatText') : tx('chatNoAccount')}
    >
      {idChat ? (
        <Button component={Link} to={to(`prof-chat/${idChat}`)}>
          {tx('chatOpen')}
        </Button>
      ) : (
        <Button disabled>{tx('chatOpen')}</Button>
      )}
    </EmptyNote>
  );
}

/**
 * The records side of courses (spec 001 §2.6): each course the contact takes with you, its
 * payment badge and progress, and its live lessons, which open in your view of the event
 * (dates, the enter button, 'Escanear entradas' for in-person events).
 */
export function ContactCourses({ contactRef }: { contactRef: string }) {
  const tx = useTexts(contactsTexts);
  const lang = useLang();
  const { to } = usePrefix();
  const workshops = useContactWorkshops(contactRef);
  if (!workshops.data || workshops.data.length === 0) return null;
  return (
    <Stack gap="xs" mt="lg" component="section" aria-label={tx('coursesTitle')}>
      <Text fw={700}>{tx('coursesTitle')}</Text>
      {workshops.data.map(({ enrolment, liveLessons }) => (
        <Card key={enrolment.ref} withBorder radius="md" padding="sm">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {enrolment.title}
              </Text>
              <Text size="xs" c="dimmed">
                {tx('courseProgress', {
                  done: enrolment.completed,
                  total: enrolment.total,
                  percent: enrolment.percent,
                })}
              </Text>
            </Stack>
            <Badge variant="outline" color={enrolment.badge === 'unpaid' ? 'red' : 'teal'}>
              {enrolment.badgeText}
            </Badge>
          </Group>
          {liveLessons.length > 0 && (
            <Stack gap={2} mt="xs">
              <Text size="xs" c="dimmed">
                {tx('liveLessons')}
              </Text>
              {liveLessons.map((l) => (
                <Anchor key={l.ref} component={Link} to={to(`lesson/${l.ref}`)} size="sm">
                  {l.title} · {l.typeClass === 6 ? tx('liveOnline') : tx('liveInPerson')}
                  {l.startDate ? ` · ${formatDateTime(l.startDate, lang)}` : ''}
                </Anchor>
              ))}
            </Stack>
          )}
          <Group mt="xs">
            <Button component={Link} to={to(`course/${enrolment.courseRef}`)} variant="light" size="xs">
              {tx('openCourse')}
            </Button>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
