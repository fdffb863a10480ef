import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

// useCourse lives in use-course.ts: a module is bundled whole, and this one's mutation would bring
// TanStack's mutation observer to the public course page's first load (issue 13).

export function useLesson(ref: string | undefined) {
  return useQuery({
    queryKey: ['find-lesson-data-workshop', ref],
    queryFn: () => call('find-lesson-data-workshop', { lessonId: ref ?? '' }),
    enabled: Boolean(ref),
    retry: false,
  });
}

export function useModulesProgress(courseRef: string | undefined) {
  return useQuery({
    queryKey: ['list-user-modules-workshop', courseRef],
    queryFn: () => call('list-user-modules-workshop', { ref: courseRef ?? '' }),
    enabled: Boolean(courseRef),
    retry: false,
  });
}

/** spec 002 §4: completion is reported to the course view (progress, sidebar, panel). */
export function useMarkDone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lessonId: string) => call('mark-lesson-done', { lessonId }),
    onSuccess: () => invalidateProgress(queryClient),
  });
}

export function invalidateProgress(queryClient: ReturnType<typeof useQueryClient>) {
  for (const key of [
    'find-lesson-data-workshop',
    'list-user-modules-workshop',
    'get-course',
    'find-bookings-workshops',
  ]) {
    void queryClient.invalidateQueries({ queryKey: [key] });
  }
}

export function useEnrolments(mode: 1 | 2) {
  return useQuery({
    queryKey: ['find-bookings-workshops', mode],
    queryFn: () => call('find-bookings-workshops', { mode }),
  });
}

/** Saves a base64 PDF the server answered (the certificate) as a file download. */
export function downloadBase64Pdf(base64: string, fileName: string): void {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
