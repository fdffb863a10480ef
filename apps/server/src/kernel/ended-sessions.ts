import type { EventBus } from '../providers/event-bus/event-bus.ts';

/**
 * Sockets belong to sessions (issue 27): when sessions end (logout, a password change, a
 * revocation, a closed account) the auth slice says so on this bus topic, and every instance's
 * realtime channel closes the sockets those sessions opened. Here, below both, so neither
 * imports the other.
 */
export const endedSessionsTopic = 'sessions:ended';

export interface EndedSessions {
  sessionIds: number[];
}

export async function announceEndedSessions(bus: EventBus, sessionIds: readonly number[]): Promise<void> {
  if (sessionIds.length === 0) return;
  const event: EndedSessions = { sessionIds: [...sessionIds] };
  await bus.publish(endedSessionsTopic, event);
}
