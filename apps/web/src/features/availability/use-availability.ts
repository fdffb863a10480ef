import type { InputOf } from '@agendo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

export function useWeeklyRules(ref: string) {
  return useQuery({
    queryKey: ['find-turns-recurrent', ref],
    queryFn: () => call('find-turns-recurrent', { ref }),
  });
}

export function useSaveWeeklyRules(ref: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rules: InputOf<'save-turns-recurrent'>['rules']) =>
      call('save-turns-recurrent', { ref, rules }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['find-turns-recurrent', ref] }),
  });
}

export function useDatedTurns(ref: string) {
  return useQuery({ queryKey: ['find-dated-turns', ref], queryFn: () => call('find-dated-turns', { ref }) });
}

export function useSaveDatedTurns(ref: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (turns: InputOf<'save-turns'>['turns']) => call('save-turns', { ref, turns }),
    onSuccess: (data) => {
      client.setQueryData(['find-dated-turns', ref], (old: unknown) =>
        old && typeof old === 'object' ? { ...old, turns: data.turns } : old,
      );
    },
  });
}

export function useBlockedDays() {
  return useQuery({ queryKey: ['find-blocked-days'], queryFn: () => call('find-blocked-days', {}) });
}

export function useSaveBlockedDays() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (blocks: InputOf<'save-blocked-days'>['blocks']) => call('save-blocked-days', { blocks }),
    onSuccess: (data) => {
      client.setQueryData(['find-blocked-days'], (old: unknown) =>
        old && typeof old === 'object' ? { ...old, blocks: data.blocks } : old,
      );
    },
  });
}
