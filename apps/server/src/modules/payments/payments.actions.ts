import { handle } from '../../rpc.ts';
import { findOwnPayment, startBookingPayment } from './payments.service.ts';

const routeCountries = new Set(['ar', 'us', 'mx', 'cl', 'br', 'uy', 'pe', 'co', 'ec', 'la']);

export const paymentsHandlers = [
  handle('start-payment', 'signed-in', async (input, ctx) => {
    // The provider returns the browser under the same /{country}/{lang}/ prefix it left from.
    const country = ctx.browserCountry && routeCountries.has(ctx.browserCountry) ? ctx.browserCountry : 'ar';
    return startBookingPayment(ctx.deps, ctx.user, input, { country, lang: ctx.lang });
  }),
  handle('find-payment', 'signed-in', async (input, ctx) => findOwnPayment(ctx.deps, ctx.user.id, input.ref)),
];
