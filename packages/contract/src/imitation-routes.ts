import { z } from 'zod';
import { type none, type RouteDef, route } from './route-def.ts';

/**
 * The routes of the development plugin (apps/server/src/dev/, ADR 020): imitations of outside
 * services and development tools. A production start registers none of the 'development' ones,
 * and the 'sandbox' ones only when the operator accepts the payment sandbox (PAYMENTS_SANDBOX=1);
 * the server refuses to start when what it registered disagrees with `only`.
 */
/** A sandbox page and the form it posts back to the same path: public HTML, sandbox starts only. */
function sandboxPage<P extends z.ZodType>(path: string, params: P) {
  return { path, policy: 'public', params, answer: 'html', only: 'sandbox' } as const;
}
const planCardPage = sandboxPage(
  '/sandbox-plan-card/stripe/:session',
  z.object({ session: z.string().max(100) }),
);
const checkoutPage = sandboxPage(
  '/sandbox-checkout/:provider/:ref',
  z.object({ provider: z.string(), ref: z.string() }),
);

export const imitationRoutes = {
  /** The plan-card imitation's hosted setup page (Stripe Checkout in setup mode). */
  sandboxPlanCardPage: route('sandbox-plan-card-page', {
    method: 'GET',
    ...planCardPage,
  }),
  sandboxPlanCardSubmit: route('sandbox-plan-card-submit', {
    method: 'POST',
    ...planCardPage,
  }),
  /** The sandbox provider's hosted checkout (an imitation of a real provider's pages). */
  sandboxReturnScript: route('sandbox-return-script', {
    method: 'GET',
    path: '/sandbox-checkout/return.js',
    policy: 'public',
    answer: 'file',
    only: 'sandbox',
  }),
  sandboxCheckoutPage: route('sandbox-checkout-page', {
    method: 'GET',
    ...checkoutPage,
  }),
  sandboxCheckoutPay: route('sandbox-checkout-pay', {
    method: 'POST',
    ...checkoutPage,
  }),
  /** The outbox as a mailbox, for development and tests: it shows every link the platform mails. */
  devMailbox: route('dev-mailbox', {
    method: 'GET',
    path: '/dev/mailbox',
    policy: 'public',
    query: z.object({ to: z.string().optional() }),
    answer: 'html',
    only: 'development',
  }),
  devMail: route('dev-mail', {
    method: 'GET',
    path: '/dev/mailbox/:ref',
    policy: 'public',
    params: z.object({ ref: z.string() }),
    answer: 'html',
    only: 'development',
  }),
  devMailAttachment: route('dev-mail-attachment', {
    method: 'GET',
    path: '/dev/mailbox/:ref/attachments/:index',
    policy: 'public',
    params: z.object({ ref: z.string(), index: z.coerce.number().int().min(0) }),
    answer: 'file',
    only: 'development',
    errors: { E404: { es: 'No encontramos ese adjunto.', en: 'Attachment not found.', status: 404 } },
  }),
  /**
   * The offline imitation of Google Calendar, Microsoft Graph, Zoom and CalDAV (issue 18, ADR 018):
   * their APIs as the real adapters call them, an OAuth consent page, and a calendar page to add
   * busy events.
   */
  ...(Object.fromEntries(
    (['GET', 'POST', 'PUT', 'DELETE', 'REPORT'] as const).map((method) => [
      `providerImitation${method}`,
      route(`provider-imitation-${method.toLowerCase()}`, {
        method,
        path: '/imitation/*',
        policy: 'public',
        params: z.object({ '*': z.string() }),
        query: z.record(z.string(), z.string()),
        answer: method === 'GET' ? 'html' : 'json',
        only: 'development',
      }),
    ]),
  ) as Record<
    `providerImitation${'GET' | 'POST' | 'PUT' | 'DELETE' | 'REPORT'}`,
    RouteDef<
      string,
      z.ZodObject<{ '*': z.ZodString }>,
      z.ZodRecord<z.ZodString, z.ZodString>,
      typeof none,
      'public',
      null
    >
  >),
};
