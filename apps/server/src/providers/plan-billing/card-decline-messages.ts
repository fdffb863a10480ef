/*
 * What a professional reads when a provider refuses the card of her plan. Providers answer in
 * their own (English) words and codes, which are kept in the log for support; the screen and the
 * plan-status route show these Spanish sentences instead (issue 34).
 */

const checkCard = 'Revisa los datos de la tarjeta o prueba con otra.';
const otherCard = 'La tarjeta fue rechazada. Prueba con otra tarjeta o comunícate con tu banco.';

/** Mercado Pago's status_detail values and API codes, and Stripe's decline codes. */
const byCode: Record<string, string> = {
  // Mercado Pago (https://www.mercadopago.com.ar/developers/es/docs/checkout-api/response-handling)
  CC_VAL_433: `No pudimos validar la tarjeta. ${checkCard}`,
  cc_rejected_bad_filled_card_number:
    'El número de la tarjeta no es correcto. Revísalo e intenta nuevamente.',
  cc_rejected_bad_filled_date: 'La fecha de vencimiento no es correcta. Revísala e intenta nuevamente.',
  cc_rejected_bad_filled_security_code:
    'El código de seguridad no es correcto. Revísalo e intenta nuevamente.',
  cc_rejected_bad_filled_other: `Algún dato de la tarjeta no es correcto. ${checkCard}`,
  cc_rejected_insufficient_amount: 'La tarjeta no tiene fondos suficientes. Prueba con otra tarjeta.',
  cc_rejected_call_for_authorize:
    'Tu banco pide que autorices este pago. Comunícate con tu banco y vuelve a intentarlo.',
  cc_rejected_card_disabled: 'La tarjeta no está activa. Comunícate con tu banco para activarla.',
  cc_rejected_max_attempts: 'Llegaste al límite de intentos con esta tarjeta. Prueba con otra tarjeta.',
  cc_rejected_duplicated_payment:
    'Ya hiciste un pago por este valor. Si lo necesitas, prueba con otra tarjeta.',
  cc_rejected_high_risk: otherCard,
  cc_rejected_blacklist: otherCard,
  cc_rejected_other_reason: otherCard,
  // Stripe (https://docs.stripe.com/declines/codes)
  card_declined: otherCard,
  generic_decline: otherCard,
  do_not_honor: otherCard,
  insufficient_funds: 'La tarjeta no tiene fondos suficientes. Prueba con otra tarjeta.',
  expired_card: 'La tarjeta está vencida. Prueba con otra tarjeta.',
  incorrect_cvc: 'El código de seguridad no es correcto. Revísalo e intenta nuevamente.',
  invalid_cvc: 'El código de seguridad no es correcto. Revísalo e intenta nuevamente.',
  incorrect_number: 'El número de la tarjeta no es correcto. Revísalo e intenta nuevamente.',
  invalid_number: 'El número de la tarjeta no es correcto. Revísalo e intenta nuevamente.',
  invalid_expiry_month: 'La fecha de vencimiento no es correcta. Revísala e intenta nuevamente.',
  invalid_expiry_year: 'La fecha de vencimiento no es correcta. Revísala e intenta nuevamente.',
  authentication_required: 'Tu banco pide autorizar el pago. Comunícate con tu banco y vuelve a intentarlo.',
  processing_error: 'No pudimos procesar la tarjeta. Intenta nuevamente en unos minutos.',
  lost_card: otherCard,
  stolen_card: otherCard,
};

/**
 * The Spanish message for a provider's refusal ('CC_VAL_433 Credit card validation has failed',
 * 'mercadopago: cc_rejected_insufficient_amount', 'card_declined: …'): the first code the table
 * knows, else a general refusal. Never the provider's own words.
 */
export function cardDeclineMessage(raw: string): string {
  for (const word of raw.split(/[^A-Za-z0-9_]+/)) {
    const message = byCode[word] ?? byCode[word.toLowerCase()];
    if (message) return message;
  }
  return otherCard;
}
