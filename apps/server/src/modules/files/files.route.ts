import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';

/** Upload and download routes of record files (clinical slice). */
export function registerFileRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
