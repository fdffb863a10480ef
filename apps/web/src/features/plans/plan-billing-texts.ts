import { planPaymentFailedMessage } from '@agendo/contract';
import { defineTexts } from '../../i18n/use-texts.ts';

export const planBillingTexts = defineTexts(
  {
    cardTitle: 'Tarjeta para tu plan',
    cardLinked: 'Tu plan se paga con la tarjeta terminada en {last}.',
    cardLinkedNoDigits: 'Tu plan se paga con la tarjeta vinculada.',
    linkIntro: 'Vincula una tarjeta de crédito o débito para pagar tu plan cada mes.',
    linkIntroTrial:
      'Vincula tu tarjeta ahora o antes de que termine la prueba: no se cobra nada durante la prueba.',
    linkPending:
      'Vincula una tarjeta de crédito o débito: se cobra el primer mes ({amount}) y tu plan comienza en ese momento.',
    linkMp: 'Vincular tarjeta',
    linkSt: 'Vincular Tarjeta',
    changeCard: 'Cambiar tarjeta',
    cardPending: 'Estamos esperando la confirmación de tu tarjeta.',
    cardRejected: 'Tu tarjeta fue rechazada: {message}',
    payTitle: 'Paga tu plan para activarlo',
    payText: 'Tu plan {period} se paga por adelantado: {amount}.',
    payButton: 'Pagar plan',
    failed: planPaymentFailedMessage,
    failedBlocked: 'Tus servicios no muestran horarios hasta que el pago se realice. Vincula otra tarjeta.',
    retrying: 'Volveremos a intentar el cobro el {date}.',
    formTitle: 'Vincular tarjeta',
    number: 'Número de tarjeta',
    expiry: 'Vencimiento (MM/AA)',
    securityCode: 'Código de seguridad',
    holder: 'Nombre del titular',
    submit: 'Vincular',
    formLoading: 'Cargando el formulario de Mercado Pago',
    formError: 'No pudimos cargar el formulario de Mercado Pago. Intenta nuevamente en unos minutos.',
    testCards:
      'Entorno de prueba: 4242 4242 4242 4242 se vincula y paga, 4000 0000 0000 0341 se vincula pero sus cobros son rechazados, 4000 0000 0000 0002 es rechazada.',
    semiannual: 'semestral',
    annual: 'anual',
  },
  {
    cardTitle: 'Card for your plan',
    cardLinked: 'Your plan is paid with the card ending in {last}.',
    cardLinkedNoDigits: 'Your plan is paid with the linked card.',
    linkIntro: 'Link a credit or debit card to pay your plan every month.',
    linkIntroTrial: 'Link your card now or before the trial ends: nothing is charged during the trial.',
    linkPending:
      'Link a credit or debit card: the first month ({amount}) is charged and your plan starts then.',
    linkMp: 'Link card',
    linkSt: 'Link Card',
    changeCard: 'Change card',
    cardPending: 'We are waiting for your card to be confirmed.',
    cardRejected: 'Your card was rejected: {message}',
    payTitle: 'Pay your plan to activate it',
    payText: 'Your {period} plan is paid in advance: {amount}.',
    payButton: 'Pay plan',
    failed: 'The payment could not be made. Try another card or contact your bank.',
    failedBlocked: 'Your services show no times until the payment is made. Link another card.',
    retrying: 'We will try the charge again on {date}.',
    formTitle: 'Link card',
    number: 'Card number',
    expiry: 'Expiry (MM/YY)',
    securityCode: 'Security code',
    holder: 'Cardholder name',
    submit: 'Link',
    formLoading: 'Loading the Mercado Pago form',
    formError: 'We could not load the Mercado Pago form. Try again in a few minutes.',
    testCards:
      'Test environment: 4242 4242 4242 4242 links and pays, 4000 0000 0000 0341 links but its charges are declined, 4000 0000 0000 0002 is rejected.',
    semiannual: 'semiannual',
    annual: 'annual',
  },
);

export const planStatusTexts = defineTexts(
  {
    title: 'Estado de tu plan',
    success: 'Tu tarjeta quedó vinculada a tu plan.',
    paid: 'Recibimos el pago de tu plan.',
    rejected: 'No pudimos vincular tu tarjeta.',
    back: 'Volver a Mi plan',
    retry: 'Probar con otra tarjeta',
  },
  {
    title: 'Your plan status',
    success: 'Your card is linked to your plan.',
    paid: 'We received your plan payment.',
    rejected: 'We could not link your card.',
    back: 'Back to My plan',
    retry: 'Try another card',
  },
);
