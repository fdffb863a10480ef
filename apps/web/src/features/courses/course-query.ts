import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

/**
 * get-course as the course pages cache it. Apart from use-course.ts so that the route table (in
 * every page's first load) can start it without bringing useQuery along (issue 13).
 */
export function courseQuery(ref: string | undefined) {
  return queryOptions({
    queryKey: ['get-course', ref],
    queryFn: () => call('get-course', { ref: ref ?? '' }),
    retry: false,
  });
}
