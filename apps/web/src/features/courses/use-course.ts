import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

/** The course as this viewer may see it (get-course), for the public course page and the rest. */
export function useCourse(ref: string | undefined) {
  return useQuery({
    queryKey: ['get-course', ref],
    queryFn: () => call('get-course', { ref: ref ?? '' }),
    enabled: Boolean(ref),
    retry: false,
  });
}
