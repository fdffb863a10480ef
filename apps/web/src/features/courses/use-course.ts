import { useQuery } from '@tanstack/react-query';
import { courseQuery } from './course-query.ts';

/** The course as this viewer may see it (get-course), for the public course page and the rest. */
export function useCourse(ref: string | undefined) {
  return useQuery({ ...courseQuery(ref), enabled: Boolean(ref) });
}
