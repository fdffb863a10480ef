import { psicoNotesPageSize } from '@agendo/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

export const contactsKey = ['find-contacts'] as const;
export const contactInfoKey = (ref: string) => ['find-user-info-contact', ref] as const;
export const contactNoteKey = (ref: string) => ['find-notes', ref] as const;
export const psicoNotesKey = (ref: string) => ['find-psico-notes', ref] as const;

export function useContactList() {
  return useQuery({
    queryKey: contactsKey,
    queryFn: async () => (await call('find-contacts', { mode: 1 })).contacts,
  });
}

export function useContactInfo(ref: string, enabled = true) {
  return useQuery({
    queryKey: contactInfoKey(ref),
    queryFn: () => call('find-user-info-contact', { ref }),
    enabled,
    retry: false,
  });
}

export function useContactBookings(ref: string) {
  return useQuery({
    queryKey: ['find-contact-bookings', ref],
    queryFn: async () => (await call('find-contact-bookings', { ref })).bookings,
  });
}

/** spec 001 §2.6: the contact's courses with this professional, with their live lessons. */
export function useContactWorkshops(ref: string) {
  return useQuery({
    queryKey: ['find-contact-workshops', ref],
    queryFn: async () => (await call('find-contact-workshops', { ref })).workshops,
  });
}

export function useContactNote(ref: string) {
  return useQuery({
    queryKey: contactNoteKey(ref),
    queryFn: async () => (await call('find-notes', { ref })).note,
  });
}

/** spec 001 §2.4: newest first, 10 per load; `next` is the offset. */
export function usePsicoNotes(consId: string) {
  return useInfiniteQuery({
    queryKey: psicoNotesKey(consId),
    initialPageParam: 0,
    queryFn: ({ pageParam }) => call('find-psico-notes', { consId, next: pageParam }),
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length * psicoNotesPageSize : undefined),
  });
}

/** The professional's own data (country decides the insurance fields, spec 001 §2.2). */
export function useOwnInfo() {
  return useQuery({ queryKey: ['find-user-info'], queryFn: () => call('find-user-info', {}) });
}

export { type Can, useContactPermissions } from '../../lib/corporate-permissions.ts';
