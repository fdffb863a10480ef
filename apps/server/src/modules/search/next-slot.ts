import type { OutputOf } from '@agendo/contract';
import type { AppDeps } from '../../deps.ts';
import { findNextFreeSlots } from '../availability/availability.service.ts';

type NextSlot = OutputOf<'search-publications'>['publications'][number]['nextSlot'];

/**
 * The first bookable slot of each publication, in the viewer's zone (availability owns the
 * rules), looked up for all of them at once: a search page costs the same few queries whether
 * it shows one result or a full page. Publications without a slot are absent. `offeredUntilMs`
 * (the slot's start less the notice) is for the caller's cache, not for the answer.
 */
export async function nextFreeSlots(
  deps: AppDeps,
  publicationIds: readonly number[],
  viewerZone: string,
): Promise<Map<number, NonNullable<NextSlot> & { offeredUntilMs: number }>> {
  const turns = await findNextFreeSlots(deps, publicationIds, viewerZone);
  const slots = new Map<number, NonNullable<NextSlot> & { offeredUntilMs: number }>();
  for (const [id, turn] of turns) {
    slots.set(id, {
      start: turn.startsAt,
      date: turn.dateClient,
      hour: turn.hStartClient,
      timeZone: turn.timezoneClient,
      offeredUntilMs: turn.offeredUntilMs,
    });
  }
  return slots;
}
