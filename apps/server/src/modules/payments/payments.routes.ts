import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';

/** Hosted sandbox checkout pages, provider webhooks and return URLs. */
export function registerPaymentRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
