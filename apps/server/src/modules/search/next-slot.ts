import type { OutputOf } from '@agendo/contract';
import type { AppDeps } from '../../deps.ts';
import { findNextFreeSlot } from '../availability/availability.service.ts';

type NextSlot = OutputOf<'search-publications'>['publications'][number]['nextSlot'];

/** The first bookable slot of a publication, in the viewer's zone (availability owns the rules). */
export async function nextFreeSlot(
  deps: AppDeps,
  publicationId: number,
  viewerZone: string,
): Promise<NextSlot> {
  const turn = await findNextFreeSlot(deps, publicationId, viewerZone);
  if (!turn) return null;
  return {
    start: turn.startsAt,
    date: turn.dateClient,
    hour: turn.hStartClient,
    timeZone: turn.timezoneClient,
  };
}
