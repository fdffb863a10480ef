import type { OutputOf } from '@agendo/contract';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

export const myWorkshopsKey = ['find-my-workshops'] as const;
export const workshopKey = (ref: string) => ['get-workshop', ref] as const;
export const myQuizzesKey = ['find-my-quizzes'] as const;
export const quizKey = (ref: string) => ['get-quiz', ref] as const;

export type WorkshopSummary = OutputOf<'find-my-workshops'>['workshops'][number];
export type Workshop = OutputOf<'get-workshop'>['workshop'];
export type Module = Workshop['modules'][number];
export type Lesson = Module['lessons'][number];
export type QuizSummary = OutputOf<'find-my-quizzes'>['quizzes'][number];
export type Quiz = OutputOf<'get-quiz'>;
export type Question = Quiz['questions'][number];

export function useMyWorkshops() {
  return useQuery({
    queryKey: myWorkshopsKey,
    queryFn: async () => (await call('find-my-workshops', {})).workshops,
  });
}

export function useWorkshop(ref: string | undefined) {
  return useQuery({
    queryKey: workshopKey(ref ?? ''),
    queryFn: async () => (await call('get-workshop', { ref: ref ?? '' })).workshop,
    enabled: Boolean(ref),
  });
}

export function useMyQuizzes(enabled = true) {
  return useQuery({
    queryKey: myQuizzesKey,
    queryFn: async () => (await call('find-my-quizzes', {})).quizzes,
    enabled,
  });
}

export function useQuiz(ref: string | undefined) {
  return useQuery({
    queryKey: quizKey(ref ?? ''),
    queryFn: () => call('get-quiz', { ref: ref ?? '' }),
    enabled: Boolean(ref),
  });
}

/** After any change to a workshop's content: its editor and the list's counters. */
export function useRefreshWorkshop() {
  const queryClient = useQueryClient();
  return (ref: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: workshopKey(ref) }),
      queryClient.invalidateQueries({ queryKey: myWorkshopsKey }),
    ]);
}

/** Deletes one of the professional's courses or quizzes: its cache goes and its list is read again. */
function useDeleteOwn(
  action: 'delete-workshop' | 'delete-quiz',
  itemKey: (ref: string) => QueryKey,
  listKey: QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ref: string) => call(action, { ref }),
    onSuccess: (_answer, ref) => {
      queryClient.removeQueries({ queryKey: itemKey(ref) });
      return queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
}

export const useDeleteWorkshop = () => useDeleteOwn('delete-workshop', workshopKey, myWorkshopsKey);
export const useDeleteQuiz = () => useDeleteOwn('delete-quiz', quizKey, myQuizzesKey);

type Move = { ref: string; direction: 'up' | 'down' };

/** move-module / move-lesson, then the workshop is read again. */
export function useMove(workshopRef: string) {
  const refresh = useRefreshWorkshop();
  return useMutation({
    mutationFn: ({ kind, ...move }: Move & { kind: 'module' | 'lesson' }) =>
      call(kind === 'module' ? 'move-module' : 'move-lesson', move),
    onSuccess: () => refresh(workshopRef),
  });
}

/** delete-module / delete-lesson, then the workshop is read again. */
export function useDeletePart(workshopRef: string, action: 'delete-module' | 'delete-lesson') {
  const refresh = useRefreshWorkshop();
  return useMutation({
    mutationFn: (ref: string) => call(action, { ref }),
    onSuccess: () => refresh(workshopRef),
  });
}

export function useDeleteQuestion(quizRef: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ref: string) => call('delete-quiz-question', { ref }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: quizKey(quizRef) }),
        queryClient.invalidateQueries({ queryKey: myQuizzesKey }),
      ]),
  });
}
