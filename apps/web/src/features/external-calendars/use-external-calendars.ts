import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { leaveApp } from './leave-app.ts';

/** Query keys of the linked services, shared by the reads and the writes that change them. */
export const calendarLinkKey = ['find-calendar'] as const;
export const zoomLinkKey = ['find-zoom-connect'] as const;

export function useCalendarLink() {
  return useQuery({ queryKey: calendarLinkKey, queryFn: () => call('find-calendar', {}) });
}

export function useZoomLink() {
  return useQuery({ queryKey: zoomLinkKey, queryFn: () => call('find-zoom-connect', {}) });
}

/** Sends the browser to the provider's consent page; it comes back to this page when done. */
export function useStartLink() {
  return useMutation({
    mutationFn: (provider: 'google' | 'outlook' | 'zoom') => call('start-calendar-link', { provider }),
    onSuccess: ({ url }) => leaveApp(url),
  });
}

export function useUnlink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: 'calendar' | 'video') => call('unlink-calendar', { kind }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: calendarLinkKey });
      void queryClient.invalidateQueries({ queryKey: zoomLinkKey });
    },
  });
}

export function useSaveCaldav() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { url: string; username: string; password: string }) =>
      call('save-caldav-calendar', input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: calendarLinkKey }),
  });
}
