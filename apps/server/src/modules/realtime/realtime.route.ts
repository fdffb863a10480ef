import { bearerProtocolPrefix, type Policy, realtimeProtocol, routes } from '@agendo/contract';
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { callerLang } from '../../http-routes.ts';
import type { FoundSession } from '../../kernel/session.ts';
import { allowed, authenticateToken, sendError } from '../../rpc.ts';
import { type Channel, createChannel } from './channel.ts';
import type { RealtimeHandlers } from './realtime.service.ts';

/** The session token among the offered subprotocols (`bearer.<token>`), if any. */
export function tokenFromProtocols(header: string | string[] | undefined): string | null {
  const offered = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',');
  const bearer = offered.map((p) => p.trim()).find((p) => p.startsWith(bearerProtocolPrefix));
  return bearer ? bearer.slice(bearerProtocolPrefix.length) : null;
}

/**
 * GET /ws (issue 17). The upgrade is refused before it happens, with the route's policy and the
 * same `allowed()` rule as every action and route, when the token is missing or dead; an
 * accepted socket belongs to the channel. Answers the channel (for its statistics).
 */
export async function registerRealtimeRoute(
  app: FastifyInstance,
  deps: AppDeps,
  handlers: RealtimeHandlers,
): Promise<Channel> {
  await app.register(fastifyWebsocket, {
    options: {
      maxPayload: deps.config.realtime.maxFrameBytes,
      // Only our protocol is echoed back: the token must never be reflected in a response header.
      handleProtocols: (offered: Set<string>) => (offered.has(realtimeProtocol) ? realtimeProtocol : false),
    },
    errorHandler(error, socket) {
      deps.log.warn({ err: error }, 'realtime: socket handler failed');
      socket.terminate();
    },
  });
  const channel = createChannel(deps, handlers);
  const sessions = new WeakMap<FastifyRequest, FoundSession>();
  const def = routes.realtime;

  app.route({
    method: def.method,
    url: def.path,
    config: { routeName: def.name },
    websocket: true,
    preValidation: async (request, reply) => {
      const session = await authenticateToken(
        deps,
        tokenFromProtocols(request.headers['sec-websocket-protocol']),
      );
      const verdict = allowed(def.policy as Policy, session?.user ?? null);
      if (verdict !== 'ok' || !session)
        return sendError(reply, def, verdict === 'ok' ? 'E401' : verdict, callerLang(request));
      sessions.set(request, session);
    },
    handler: (socket, request) => {
      const session = sessions.get(request);
      if (!session) return socket.terminate();
      channel.accept(socket, session);
    },
  });
  app.addHook('preClose', async () => {
    await channel.close();
  });
  return channel;
}
