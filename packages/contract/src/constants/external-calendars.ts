import { z } from 'zod';

/** The calendars a professional can link (issue 18): Google, Microsoft Outlook, any CalDAV server. */
export const calendarProviders = ['google', 'outlook', 'caldav'] as const;
export const CalendarProviderName = z.enum(calendarProviders, { error: 'E21' });
export type CalendarProviderName = z.infer<typeof CalendarProviderName>;

export const calendarProviderLabels: Record<CalendarProviderName | 'zoom', string> = {
  google: 'Google Calendar',
  outlook: 'Microsoft Outlook',
  caldav: 'CalDAV',
  zoom: 'Zoom',
};
