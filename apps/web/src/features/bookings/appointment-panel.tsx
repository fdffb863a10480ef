import { Alert, Avatar, Button, Divider, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { ClientActions } from './client-actions.tsx';
import { viewerZone } from './panel-actions.tsx';
import { PanelHeader, PaymentBadge } from './panel-header.tsx';
import { PriceSection } from './panel-price-section.tsx';
import { panelTexts } from './panel-texts.ts';
import { ProfessionalActions } from './professional-actions.tsx';

/**
 * The appointment options panel (spec 000 §2.5, §4–§8), for the professional and for the client.
 * What the server allows decides what is shown: its flags (canCancel, canRemark, canCalificate,
 * now) go through the contract's rules, and every action is checked again by the server.
 */
export function AppointmentPanel({
  bookingRef,
  onClose,
  onChanged,
}: {
  bookingRef: string | undefined;
  onClose: () => void;
  onChanged: () => void;
}) {
  const tx = useTexts(panelTexts);
  const phone = useMediaQuery('(max-width: 36em)');
  const [ref, setRef] = useState(bookingRef);
  if (ref !== bookingRef && bookingRef !== undefined && ref === undefined) setRef(bookingRef);
  const current = ref ?? bookingRef;
  return (
    <Drawer
      opened={bookingRef !== undefined}
      onClose={() => {
        setRef(undefined);
        onClose();
      }}
      position="right"
      size={phone ? '100%' : 'md'}
      title={tx('title')}
      closeButtonProps={{ 'aria-label': tx('close') }}
    >
      {current && (
        <PanelBody
          key={current}
          bookingRef={current}
          onOpen={setRef}
          onChanged={onChanged}
          onClose={() => {
            setRef(undefined);
            onClose();
          }}
        />
      )}
    </Drawer>
  );
}

function PanelBody({
  bookingRef,
  onOpen,
  onChanged,
  onClose,
}: {
  bookingRef: string;
  onOpen: (ref: string) => void;
  onChanged: () => void;
  onClose: () => void;
}) {
  const tx = useTexts(panelTexts);
  const queryClient = useQueryClient();
  const found = useQuery({
    queryKey: ['find-booking', bookingRef],
    queryFn: () => call('find-booking', { ref: bookingRef, timezone: viewerZone() }),
    retry: false,
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['find-booking', bookingRef] });
    void queryClient.invalidateQueries({ queryKey: ['find-bookings'] });
    onChanged();
  };

  if (found.isPending) {
    return (
      <Group justify="center" py="xl" role="status">
        <Loader size="sm" />
        <Text>{tx('loading')}</Text>
      </Group>
    );
  }
  if (found.isError || !found.data) {
    return (
      <Alert color="orange" icon={<IconAlertCircle />} title={tx('notFound')}>
        {found.error instanceof ApiError && found.error.code !== 'E14' ? found.error.message : null}
      </Alert>
    );
  }
  const { booking, participants } = found.data;
  return (
    <Stack gap="md">
      <PanelHeader booking={booking} />
      <PriceSection booking={booking} onChanged={refresh} />
      {booking.viewerRole === 'professional' ? (
        <ProfessionalActions booking={booking} onChanged={refresh} onClosePanel={onClose} />
      ) : (
        <ClientActions booking={booking} onChanged={refresh} />
      )}
      {participants.length > 0 && (
        <Stack gap={6}>
          <Divider label={tx('participants')} labelPosition="left" />
          {participants.map((p) => (
            <Group key={p.id} justify="space-between" wrap="nowrap">
              <Group gap="xs" wrap="nowrap">
                <Avatar src={p.imgClient} size="sm" radius="xl" alt="" />
                <Text size="sm">{p.clientName}</Text>
                <PaymentBadge booking={{ price: p.price, pay: p.pay, noPrice: 0, hidePrice: p.hidePrice }} />
              </Group>
              <Button size="compact-xs" variant="subtle" onClick={() => onOpen(p.id)}>
                {tx('seeBooking')}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
