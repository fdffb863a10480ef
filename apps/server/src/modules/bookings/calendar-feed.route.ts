import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';

/** The private ICS feed of a professional's appointments. */
export function registerCalendarFeedRoute(_app: FastifyInstance, _deps: AppDeps): void {}
