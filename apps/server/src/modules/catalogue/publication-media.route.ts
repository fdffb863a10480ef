import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';

/** Upload route of publication images (catalogue slice). */
export function registerPublicationMedia(_app: FastifyInstance, _deps: AppDeps): void {}
