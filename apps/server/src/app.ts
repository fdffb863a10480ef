import fs from 'node:fs';
import path from 'node:path';
import { routes } from '@agendo/contract';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import type { AppConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import type { AppDeps } from './deps.ts';
import { registerDevelopmentPlugin, startAfipImitation } from './dev/dev-plugin.ts';
import { pageHeadFrom } from './http/page-meta.ts';
import { registerRequestLog } from './http/request-log.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerSpa } from './http/spa.ts';
import { sweepStaleUploads, uploadTempDir } from './http/upload-form.ts';
import { enforceRouteTable, registerRoute, routeModes } from './http-routes.ts';
import { createReferenceData } from './kernel/reference-data.ts';
import { createOutbound, type Outbound, type Resolver } from './lib/outbound.ts';
import { accountsHandlers } from './modules/accounts/accounts.actions.ts';
import { registerAvatarRoute } from './modules/accounts/avatar.route.ts';
import { authHandlers } from './modules/auth/auth.actions.ts';
import { findSessionByToken, sessionsClosing, touchSession } from './modules/auth/auth.service.ts';
import { availabilityHandlers } from './modules/availability/availability.actions.ts';
import { bankAccountHandlers } from './modules/bank-account/bank-account.actions.ts';
import { agendaHandlers } from './modules/bookings/agenda.actions.ts';
import { bookingsClosing } from './modules/bookings/booking-closing.service.ts';
import { bookingFeedbackHandlers } from './modules/bookings/booking-feedback.actions.ts';
import { bookingSettlement } from './modules/bookings/booking-finalize.service.ts';
import { bookingPanelHandlers } from './modules/bookings/booking-panel.actions.ts';
import { bookingsHandlers } from './modules/bookings/bookings.actions.ts';
import { calendarHandlers } from './modules/bookings/calendar.actions.ts';
import { registerCalendarFeedRoute } from './modules/bookings/calendar-feed.route.ts';
import { calendarFeedClosing } from './modules/bookings/calendar-feed.service.ts';
import { couponsHandlers } from './modules/bookings/coupons.actions.ts';
import { catalogueHandlers } from './modules/catalogue/catalogue.actions.ts';
import { registerPublicationMedia } from './modules/catalogue/publication-media.route.ts';
import { servicePageMeta } from './modules/catalogue/service-page-meta.ts';
import { chatHandlers } from './modules/chat/chat.actions.ts';
import { chatRealtime } from './modules/chat/chat.service.ts';
import { registerChatFileRoutes } from './modules/chat/chat-files.route.ts';
import { clinicalHandlers } from './modules/clinical/clinical.actions.ts';
import { registerContactImageRoute } from './modules/contacts/contact-image.route.ts';
import { contactsHandlers } from './modules/contacts/contacts.actions.ts';
import { registerContactsExportRoute } from './modules/contacts/contacts-export.route.ts';
import { coursePageMeta } from './modules/courses/course-page-meta.ts';
import { coursePurchaseHandlers } from './modules/courses/course-purchase.actions.ts';
import { moduleSettlement } from './modules/courses/course-purchase.service.ts';
import { coursesHandlers } from './modules/courses/courses.actions.ts';
import { learningHandlers } from './modules/courses/learning.actions.ts';
import { registerLessonFileRoutes } from './modules/courses/lesson-files.route.ts';
import { registerWorkshopCoverRoute } from './modules/courses/workshop-cover.route.ts';
import { externalCalendarsHandlers } from './modules/external-calendars/external-calendars.actions.ts';
import { registerExternalCalendarRoutes } from './modules/external-calendars/external-calendars.routes.ts';
import { externalLinksClosing } from './modules/external-calendars/external-calendars.service.ts';
import { registerFileRoutes } from './modules/files/files.route.ts';
import { databaseTickets } from './modules/invoicing/afip-tickets.service.ts';
import { fiscalDataHandlers } from './modules/invoicing/fiscal-data.actions.ts';
import { invoiceHandlers } from './modules/invoicing/invoices.actions.ts';
import { registerInvoiceRoutes } from './modules/invoicing/invoices.route.ts';
import { legalHandlers } from './modules/legal/legal.actions.ts';
import { registerShortLinks } from './modules/links/links.route.ts';
import { notificationsHandlers } from './modules/notifications/notifications.actions.ts';
import { createMailer } from './modules/notifications/notifications.service.ts';
import { paymentOptionsHandlers } from './modules/payment-options/payment-options.actions.ts';
import { sellerGatewaysClosing } from './modules/payment-options/payment-options.service.ts';
import { paymentsHandlers } from './modules/payments/payments.actions.ts';
import { registerPaymentRoutes } from './modules/payments/payments.routes.ts';
import { startSalePayment } from './modules/payments/payments.service.ts';
import { attemptRefund, oweSaleRefund } from './modules/payments/refunds.service.ts';
import { registerPlanBillingRoutes } from './modules/plans/plan-billing.routes.ts';
import { planSettlement } from './modules/plans/plan-charges.service.ts';
import { planClosing } from './modules/plans/plan-closing.service.ts';
import { plansHandlers } from './modules/plans/plans.actions.ts';
import { checkFreePlanPostLimit, countBookingUse, planView } from './modules/plans/plans.service.ts';
import { profileHandlers } from './modules/profile/profile.actions.ts';
import { registerProfileFileRoutes } from './modules/profile/profile-files.route.ts';
import { professionalPageMeta } from './modules/profile/public-page-meta.ts';
import { registerRealtimeRoute } from './modules/realtime/realtime.route.ts';
import { combineHandlers } from './modules/realtime/realtime.service.ts';
import { referenceHandlers } from './modules/reference/reference.actions.ts';
import { balancesHandlers } from './modules/sales/balances.actions.ts';
import { balancePaymentSettlement } from './modules/sales/balances.service.ts';
import { billingHandlers } from './modules/sales/billing.actions.ts';
import { registerBillingExportRoute } from './modules/sales/billing-export.route.ts';
import { searchHandlers } from './modules/search/search.actions.ts';
import { storefrontHandlers } from './modules/storefront/storefront.actions.ts';
import { videoRoomHandlers } from './modules/video-room/video-room.actions.ts';
import { videoRoomRealtime } from './modules/video-room/video-room.service.ts';
import { createAfipGateway } from './providers/afip/afip-gateway.ts';
import { calendarImitationRuns, createCalendarProviders } from './providers/calendars/calendar-providers.ts';
import { createMemoryBus, createRedisBus, type EventBus } from './providers/event-bus/event-bus.ts';
import { createGeoIp } from './providers/geoip/geoip.ts';
import { createSmtpTransport } from './providers/mail/mail-transport.ts';
import { createDLocalProvider } from './providers/payments/dlocal-provider.ts';
import { createMercadoPagoProvider } from './providers/payments/mercadopago-provider.ts';
import { createPaymentProviders, sandboxedProviders } from './providers/payments/payment-providers.ts';
import { createPayPalProvider } from './providers/payments/paypal-provider.ts';
import { createStripeProvider } from './providers/payments/stripe-provider.ts';
import { createPlanCards, planCardFormSources } from './providers/plan-billing/plan-cards.ts';
import { createWebPushSender } from './providers/push/web-push-sender.ts';
import { createMemoryRateLimiter, createRedisRateLimiter } from './providers/rate-limit/rate-limiter.ts';
import { createDiskStorage } from './providers/storage/disk-storage.ts';
import { errorBody, type Handler, registerRpc } from './rpc.ts';

/** Every handler of every module; the dispatcher refuses to start if an action has none. */
export const allHandlers: Handler[] = [
  ...authHandlers,
  ...accountsHandlers,
  ...legalHandlers,
  ...profileHandlers,
  ...plansHandlers,
  ...referenceHandlers,
  ...catalogueHandlers,
  ...availabilityHandlers,
  ...storefrontHandlers,
  ...searchHandlers,
  ...contactsHandlers,
  ...clinicalHandlers,
  ...bookingsHandlers,
  ...agendaHandlers,
  ...bookingPanelHandlers,
  ...billingHandlers,
  ...balancesHandlers,
  ...paymentsHandlers,
  ...bookingFeedbackHandlers,
  ...couponsHandlers,
  ...calendarHandlers,
  ...externalCalendarsHandlers,
  ...coursesHandlers,
  ...learningHandlers,
  ...coursePurchaseHandlers,
  ...bankAccountHandlers,
  ...fiscalDataHandlers,
  ...invoiceHandlers,
  ...paymentOptionsHandlers,
  ...chatHandlers,
  ...videoRoomHandlers,
  ...notificationsHandlers,
] as Handler[];

/** One-time links travel in SPA paths; they never reach the logs. */
const secretPath = /\/(verify-email|change-password|autologin)\/[^/?#]+/g;
function redactUrl(url: string): string {
  return url.replace(secretPath, '/$1/[redacted]');
}

export interface BuildOptions {
  /** Pino destination (tests capture logs to check nothing secret is written). */
  logStream?: NodeJS.WritableStream;
  now?: () => Date;
  /** Key prefix for Redis; tests give each app its own (two apps sharing one are two instances). */
  redisPrefix?: string;
  /** Extra certificate authorities for outbound HTTPS (a test's local push service). */
  outboundCa?: string | Buffer;
  /** The outbound client's name resolver (tests resolve names to inner addresses). */
  resolve?: Resolver;
  /** Another outbound client: a production-mode test's, reaching its local fake provider. */
  outbound?: Outbound;
}

export interface BuiltApp {
  app: FastifyInstance;
  deps: AppDeps;
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<BuiltApp> {
  const logger: FastifyServerOptions['logger'] = {
    level: config.logLevel,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
    serializers: {
      req: (req) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
    },
    ...(options.logStream ? { stream: options.logStream } : {}),
  };
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    bodyLimit: 1_000_000,
    // registerRequestLog writes one line per request, sampled in production.
    logController: new LogController({ disableRequestLogging: true }),
  });
  registerRequestLog(app, config.requestLog);
  // Before any route: every route registered from here on must be in the contract's table.
  enforceRouteTable(app, routeModes(config));

  const now = options.now ?? (() => new Date());
  const outbound =
    options.outbound ??
    createOutbound({
      env: config.env,
      allow: config.outbound.allow,
      // The calendar imitation is this server under PUBLIC_URL/imitation (read per request: tests
      // learn their port after building the app).
      imitations: () => (calendarImitationRuns(config) ? [config.publicUrl] : []),
      ...(options.resolve ? { resolve: options.resolve } : {}),
      ...(options.outboundCa ? { ca: options.outboundCa } : {}),
    });
  // First, before anything is opened: a production config without keys or opt-in throws here.
  const payments = createPaymentProviders(config, now, {
    stripe: createStripeProvider,
    mercadopago: (c) => createMercadoPagoProvider(c, now),
    dlocal: (c) => createDLocalProvider(c, outbound, now),
    paypal: (c) => createPayPalProvider(c, outbound, now),
  });
  const planCards = createPlanCards(config, now, outbound);

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    schema: config.databaseSchema,
    sqliteFile: config.sqliteFile,
  });
  await migrateToLatest(database, config.databaseSchema);

  // The client library is loaded only when Redis is configured.
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : null;
  // Publishing and subscribing need connections of their own (a subscribed one does nothing else).
  const bus: EventBus = redis
    ? createRedisBus(redis.duplicate(), redis.duplicate(), `${options.redisPrefix ?? 'agendo:'}bus:`)
    : createMemoryBus();
  const transport = config.smtpUrl ? createSmtpTransport(config.smtpUrl) : null;
  const calendars = createCalendarProviders(config, now, outbound);
  const deps: AppDeps = {
    config,
    db: database.db,
    dialect: database.dialect,
    mail: createMailer({ db: database.db, transport, from: config.mailFrom, now, log: app.log }),
    limiter: redis
      ? createRedisRateLimiter(redis, options.redisPrefix)
      : createMemoryRateLimiter(() => now().getTime()),
    bus,
    push: createWebPushSender(config, app.log, outbound),
    outbound,
    storage: createDiskStorage(path.join(config.dataDir, 'files')),
    geoip: createGeoIp(),
    reference: createReferenceData(),
    payments,
    afip: createAfipGateway(
      config,
      databaseTickets(database.db, config.afip.environment),
      now,
      startAfipImitation(config, now),
      outbound,
    ),
    calendars,
    planCards,
    settlements: {
      booking: bookingSettlement,
      module: moduleSettlement,
      'balance-payment': balancePaymentSettlement,
      plan: planSettlement,
    },
    sessions: { find: findSessionByToken, touch: touchSession },
    // The plan stops charging first; refunds owed by the cancelled bookings still use the
    // gateway keys, retired after them; sessions end last.
    accountClosing: [
      planClosing,
      bookingsClosing,
      sellerGatewaysClosing,
      externalLinksClosing,
      calendarFeedClosing,
      sessionsClosing,
    ],
    plans: { view: planView, countBookingUse, checkFreePostLimit: checkFreePlanPostLimit },
    refunds: { oweForSale: oweSaleRefund, attempt: attemptRefund },
    salePayments: { start: startSalePayment },
    now,
    log: app.log,
  };

  const sandboxed = sandboxedProviders(deps.payments);
  if (config.env === 'production' && sandboxed.length > 0) {
    // PAYMENTS_SANDBOX=1: the operator asked for it, but nobody should miss that the test card
    // is accepted as payment here.
    app.log.warn(
      { sandboxed },
      `PAYMENTS_SANDBOX=1: the sandbox imitation serves ${sandboxed.join(', ')} in production; its test card is accepted as a real payment`,
    );
  }

  app.addHook('onClose', async () => {
    await deps.bus.close();
    await deps.limiter.close();
    await deps.afip.close();
    await deps.planCards.close();
    await outbound.close();
    transport?.close();
    await database.close();
  });

  registerSecurityHeaders(app, planCardFormSources(deps.config));

  // Framework-level rejections (malformed JSON, wrong content type, body too large) are bad
  // input: the same envelope as any other, never a stack trace.
  app.setErrorHandler((error: { statusCode?: number; code?: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(errorBody(undefined, 'E500', 'es'));
    }
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.code(413).send(errorBody(undefined, 'E413', 'es'));
    }
    return reply.code(400).send(errorBody(undefined, 'E400', 'es'));
  });

  // Before every route and static root (the plugin's hook only reaches what is registered after
  // it): answers of 1 kB or more go out in brotli or gzip when the client accepts one. Built web
  // assets already carry a precompressed sibling and are sent as is. Compressed request bodies
  // are refused rather than inflated past the body limit.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    globalDecompression: false,
  });

  fs.mkdirSync(deps.storage.root, { recursive: true });
  // Each upload route sets its own limits from the contract (http/upload-form.ts).
  await app.register(fastifyMultipart, { limits: { fileSize: 7_000_000, files: 7, fields: 20 } });
  await sweepStaleUploads(uploadTempDir(config.dataDir), 24 * 60 * 60 * 1000);
  await app.register(fastifyStatic, {
    root: deps.storage.root,
    prefix: '/files/',
    decorateReply: false,
    index: false,
    // Uploaded files are served as attachments-safe static content only.
    setHeaders(res) {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader(
        'Content-Security-Policy',
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
      );
    },
  });

  registerRpc(app, deps, allHandlers);
  // The real-time channel: each slice that uses it hands over its part (the announce screen next).
  await registerRealtimeRoute(app, deps, combineHandlers(chatRealtime, videoRoomRealtime));
  registerAvatarRoute(app, deps);
  registerPublicationMedia(app, deps);
  registerLessonFileRoutes(app, deps);
  registerWorkshopCoverRoute(app, deps);
  registerFileRoutes(app, deps);
  registerInvoiceRoutes(app, deps);
  registerContactsExportRoute(app, deps);
  registerBillingExportRoute(app, deps);
  registerContactImageRoute(app, deps);
  registerChatFileRoutes(app, deps);
  registerProfileFileRoutes(app, deps);
  registerShortLinks(app, deps);
  registerPaymentRoutes(app, deps);
  registerPlanBillingRoutes(app, deps);
  registerCalendarFeedRoute(app, deps);
  registerExternalCalendarRoutes(app, deps);
  // Imitations and development tools; a production start registers none (but the sandbox's pages
  // when PAYMENTS_SANDBOX=1 accepts the sandbox).
  await registerDevelopmentPlugin(app, deps);
  registerRoute(app, deps, routes.healthz, async () => ({ status: '200' }));
  // Link previews (Open Graph) of the public pages, each slice answering for its own.
  registerSpa(
    app,
    config.webDist,
    pageHeadFrom(deps, [professionalPageMeta, servicePageMeta, coursePageMeta]),
  );

  return { app, deps };
}
