import type { Booking, GroupParticipant } from '@agendo/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../lib/api.ts';
import { bookingFixture } from '../../lib/booking-fixture.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { userDataFixture } from '../../lib/user-data-fixture.ts';
import { AppointmentPanel } from './appointment-panel.tsx';
import { renderAt } from './test-fixtures.tsx';

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);

// issue 17: "Chat del grupo". A group appointment's panel (the professional's, from any seat; the
// client's, from their own booking) leads to the turn's one conversation.
const seat = (ref: string, name: string): GroupParticipant => ({
  clientId: `cli-${ref}`,
  id: ref,
  clientName: name,
  imgClient: null,
  pay: 1,
  price: 0,
  hidePrice: 0,
});
const userData = userDataFixture({ ref: 'profRef001', userPlan: 4 });

function openPanel(booking: Booking, participants: GroupParticipant[] = []) {
  answerActions(callMock, {
    'find-booking': { status: '200', booking, participants },
    'find-user-data': userData,
  });
  renderAt(
    '/:country/:lang/bookings/:ref?',
    `/ar/es/bookings/${booking.id}`,
    <AppointmentPanel bookingRef={booking.id} onClose={() => {}} onChanged={() => {}} />,
  );
  return screen.findByRole('dialog', { name: 'Cita' });
}

const group = {
  groupId: 'pubRef0001:2026-11-24T13:00:00.000Z',
  groupCapacity: 8,
  title: 'Taller de respiración',
};

describe('Chat del grupo (issue 17)', { timeout: 20_000 }, () => {
  afterEach(() => callMock.mockReset());

  it("the professional's panel of a group turn opens the group's conversation from the seat", async () => {
    const panel = await openPanel(bookingFixture({ ...group, viewerRole: 'professional' }), [
      seat('bookRef0001', 'Ana Díaz'),
      seat('bookRef0002', 'Beto Ruiz'),
    ]);
    const link = await within(panel).findByRole('link', { name: 'Chat del grupo' });
    expect(link).toHaveAttribute('href', '/ar/es/prof-chat/bookRef0001?grupo=1');
    // The 1:1 chat with this seat's client stays beside it.
    expect(within(panel).getByRole('link', { name: 'Chat' })).toHaveAttribute(
      'href',
      '/ar/es/prof-chat/bookRef0001',
    );
  });

  it("the client's booking of a group leads to the same conversation", async () => {
    const panel = await openPanel(bookingFixture({ ...group, viewerRole: 'client', id: 'bookRef0002' }));
    expect(await within(panel).findByRole('link', { name: 'Chat del grupo' })).toHaveAttribute(
      'href',
      '/ar/es/chat/bookRef0002?grupo=1',
    );
  });

  it('a cancelled seat shows the button switched off', async () => {
    const panel = await openPanel(
      bookingFixture({ ...group, viewerRole: 'client', id: 'bookRef0003', state: 'cancelled' }),
    );
    const button = await within(panel).findByRole('button', { name: 'Chat del grupo' });
    expect(button).toBeDisabled();
    expect(within(panel).queryByRole('link', { name: 'Chat del grupo' })).not.toBeInTheDocument();
  });

  it('an individual appointment has no group chat', async () => {
    const panel = await openPanel(bookingFixture({ viewerRole: 'professional' }));
    await within(panel).findByRole('link', { name: 'Chat' });
    expect(screen.queryByText('Chat del grupo')).not.toBeInTheDocument();
  });
});
