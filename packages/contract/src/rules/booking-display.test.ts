import { describe, expect, it } from 'vitest';
import { panelButtons, paymentBadge, paymentBadgeText, priceConfirmationOf } from './booking-display.ts';

// spec 000 §4 "Appointment price and payment display", one row per line of the table.
describe('paymentBadge (spec 000 §4)', () => {
  it.each([
    [
      'price 0 with noPrice set → professional still has to set a price',
      { price: 0, pay: 0, noPrice: 1 },
      'price-to-set',
    ],
    [
      'hidden price not set yet → price to set',
      { price: 0, pay: 0, noPrice: 0, hidePrice: 1, priceProfOk: 0 },
      'price-to-set',
    ],
    ['price set and pay 0 → IMPAGA', { price: 2500, pay: 0, noPrice: 0 }, 'unpaid'],
    ['pay 1 → ABONADA', { price: 2500, pay: 1, noPrice: 0 }, 'paid'],
    ['price 0 without noPrice → GRATIS', { price: 0, pay: 0, noPrice: 0 }, 'free'],
    ['a free appointment settled (pay 1) is still GRATIS', { price: 0, pay: 1, noPrice: 0 }, 'free'],
    [
      'free first module trial → PRUEBA GRATIS',
      { price: 0, pay: 0, noPrice: 0, freeTrial: true },
      'free-trial',
    ],
  ] as const)('%s', (_name, input, expected) => {
    expect(paymentBadge(input)).toBe(expected);
  });

  it('names the badges as the spec does, IMPAGO/ABONADO in the workshop panel', () => {
    expect(paymentBadgeText.unpaid).toEqual({ appointment: 'IMPAGA', workshop: 'IMPAGO' });
    expect(paymentBadgeText.paid).toEqual({ appointment: 'ABONADA', workshop: 'ABONADO' });
    expect(paymentBadgeText.free.appointment).toBe('GRATIS');
    expect(paymentBadgeText['free-trial'].workshop).toBe('PRUEBA GRATIS');
  });
});

describe('priceConfirmationOf (spec 000 §4 manual price confirmation)', () => {
  it.each([
    [{ hidePrice: 0, priceProfOk: 0 }, 'none'],
    [{ hidePrice: 1, priceProfOk: 0 }, 'waiting-professional'],
    [{ hidePrice: 1, priceProfOk: 1 }, 'waiting-client'],
  ] as const)('%o → %s', (input, expected) => {
    expect(priceConfirmationOf(input)).toBe(expected);
  });
});

describe('panelButtons (spec 000 §4 buttons)', () => {
  const base = {
    now: 1,
    state: 'confirmed',
    canCalificate: true,
    canCancel: true,
    canRemark: true,
    createByProf: 0,
    viewerRole: 'client',
  } as const;
  it.each([
    ['now and canCalificate: room and chat on', {}, { room: true, chat: true }],
    ['not now: room off, the chat stays open', { now: 0 }, { room: false, chat: true }],
    // Issue 34: inside `now`'s early margin a confirmed appointment's room is open before the start.
    [
      'now, confirmed, before the start (not canCalificate yet): room on',
      { canCalificate: false },
      { room: true },
    ],
    [
      'now but pending, before the start: room off',
      { canCalificate: false, state: 'pending' },
      { room: false },
    ],
    ['not now, confirmed: room off', { now: 0, canCalificate: false }, { room: false }],
    [
      'client, own booking, canCancel and canRemark: reschedule on',
      {},
      { reschedule: true, rescheduleHint: null },
    ],
    [
      'client of a booking the professional created: no reschedule',
      { createByProf: 1 },
      {
        reschedule: false,
        rescheduleHint: 'Solo puedes reprogramar una fecha antes de la fecha y hora reservada.',
      },
    ],
    [
      'professional may reschedule what they created',
      { createByProf: 1, viewerRole: 'professional' },
      { reschedule: true },
    ],
    ['canRemark false: no reschedule', { canRemark: false }, { reschedule: false }],
    [
      'canCancel false: neither cancel nor reschedule, with the hint',
      { canCancel: false },
      {
        cancel: false,
        reschedule: false,
        cancelHint: 'Solo puedes cancelar una cita antes de la fecha y hora reservada.',
      },
    ],
  ] as const)('%s', (_name, over, expected) => {
    expect(panelButtons({ ...base, ...over })).toMatchObject(expected);
  });
});
