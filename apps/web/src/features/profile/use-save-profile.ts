import type { ActionName, InputOf } from '@agendo/contract';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { profileTexts } from './profile-texts.ts';
import { profileKey } from './use-profile.ts';

/** Saves one editor's action, says so, and refreshes the profile every page reads. */
export function useSaveProfile<A extends ActionName>(action: A) {
  const tx = useTexts(profileTexts);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: InputOf<A>) => call(action, values),
    onSuccess: () => {
      notifications.show({ color: 'teal', message: tx('saved') });
      return queryClient.invalidateQueries({ queryKey: profileKey });
    },
  });
}
