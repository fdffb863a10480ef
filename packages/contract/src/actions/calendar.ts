import { z } from 'zod';
import { action, ok } from '../action.ts';

/**
 * The private calendar (ICS) feed of a professional's appointments: a secret address any
 * calendar app can subscribe to. The first call creates it; reset replaces the address (the old
 * one stops working at once).
 */
export const findCalendarFeed = action('find-calendar-feed', {
  input: z.object({}),
  output: ok({ url: z.string() }),
});

export const resetCalendarFeed = action('reset-calendar-feed', {
  input: z.object({}),
  output: ok({ url: z.string() }),
});
