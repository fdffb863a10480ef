import { describe, expect, it } from 'vitest';
import { cardDeclineMessage } from './card-decline-messages.ts';

describe('a provider’s refusal of a plan card, in Spanish (issue 34)', () => {
  it('maps Mercado Pago’s and Stripe’s codes wherever they sit in the provider’s answer', () => {
    expect(cardDeclineMessage('CC_VAL_433 Credit card validation has failed')).toBe(
      'No pudimos validar la tarjeta. Revisa los datos de la tarjeta o prueba con otra.',
    );
    expect(cardDeclineMessage('mercadopago: cc_rejected_insufficient_amount')).toBe(
      'La tarjeta no tiene fondos suficientes. Prueba con otra tarjeta.',
    );
    expect(cardDeclineMessage('expired_card: Your card has expired.')).toBe(
      'La tarjeta está vencida. Prueba con otra tarjeta.',
    );
  });

  it('answers a general Spanish refusal for a code it does not know, never the English words', () => {
    const message = cardDeclineMessage('XYZ_999 Something unexpected happened');
    expect(message).toBe('La tarjeta fue rechazada. Prueba con otra tarjeta o comunícate con tu banco.');
  });
});
