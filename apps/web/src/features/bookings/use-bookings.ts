import type { InputOf } from '@agendo/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

export type ListFilter = 'upcoming' | 'past' | 'cancelled';
export type BookingsMode = 1 | 2;
export type ManualAppointment = InputOf<'save-booking-by-prof'>;

export const bookingsKey = ['find-bookings'] as const;

/** The browser's zone, for the client's lists (the server answers hours in it). */
const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The professional's zone: every agenda view is drawn in it (not the browser's). */
export function useOwnZone() {
  return useQuery({
    queryKey: ['find-user-info'],
    queryFn: () => call('find-user-info', {}),
    select: (info) => info.userTimeZone,
    staleTime: 60_000,
  });
}

/** Appointments of the professional between two UTC instants (the view's range). */
export function useAgendaBookings(from: string, to: string, timezone: string | undefined) {
  return useQuery({
    queryKey: [...bookingsKey, 'agenda', from, to],
    queryFn: async () => (await call('find-bookings', { mode: 1, from, to, timezone })).bookings,
    enabled: Boolean(timezone && from && to),
    placeholderData: (previous) => previous,
  });
}

/** A list of appointments (professional mode 1, client mode 2), 'Ver más' pages by cursor. */
export function useBookingList(mode: BookingsMode, filter: ListFilter) {
  return useInfiniteQuery({
    queryKey: [...bookingsKey, 'list', mode, filter],
    // 0 asks for the first page (the spec's form); later pages send the server's cursor back.
    initialPageParam: 0 as number | string,
    queryFn: ({ pageParam }) => call('find-bookings', { mode, filter, next: pageParam }),
    // The server answers an opaque cursor for the next page, or null after the last one.
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

export function useNextSessions(ref: string) {
  return useQuery({
    queryKey: ['find-next-sessions', ref],
    queryFn: async () => (await call('find-next-sessions', { ref, timezone: viewerZone() })).bookings,
    retry: false,
  });
}

/** The contacts to pick for a manual appointment (spec 001: find-contacts). */
export function useContactChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['find-contacts'],
    queryFn: async () => (await call('find-contacts', { mode: 1 })).contacts,
    enabled,
  });
}

export function useMyPublications(enabled: boolean) {
  return useQuery({
    queryKey: ['find-my-publications'],
    queryFn: async () => (await call('find-my-publications', {})).publications,
    enabled,
  });
}

export function useSaveManualAppointment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ManualAppointment) => call('save-booking-by-prof', input),
    onSuccess: () => client.invalidateQueries({ queryKey: bookingsKey }),
  });
}

export const calendarFeedKey = ['find-calendar-feed'] as const;

export function useCalendarFeed(enabled: boolean) {
  return useQuery({
    queryKey: calendarFeedKey,
    queryFn: () => call('find-calendar-feed', {}),
    enabled,
  });
}

export function useResetCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call('reset-calendar-feed', {}),
    onSuccess: (data) => client.setQueryData(calendarFeedKey, data),
  });
}

/** One appointment (the panel's record); the agenda uses it to show the week of a linked ref. */
export function useBookingRecord(ref: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['find-booking', ref, 'start'],
    queryFn: () => call('find-booking', { ref: ref ?? '' }),
    enabled: enabled && Boolean(ref),
    retry: false,
  });
}
