import { isoForCountryId, type OutputOf } from '@agendo/contract';
import * as accountsActions from '@agendo/contract/accounts';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { apiErrorText } from '../../lib/form-errors.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { validatePhone } from '../../ui/phone.ts';
import { PhoneInput } from '../../ui/phone-input.tsx';
import { accountTexts } from './account-texts.ts';
import { SectionCard } from './section-card.tsx';
import { accountKey } from './use-account.ts';

export function PhoneCard({ info }: { info: OutputOf<'find-user-info'> }) {
  const t = useTexts(accountTexts);
  const lang = useLang();
  const { country } = usePrefix();
  const queryClient = useQueryClient();
  const [phone, setPhone] = useState(info.userPhone ?? '');
  const [error, setError] = useState<string | undefined>();
  const defaultCountry =
    isoForCountryId(info.userCountry)?.toLowerCase() ?? (country === 'la' ? 'ar' : country);

  const save = useMutation({
    mutationFn: (userPhone: string) => call('change-user-phone', { userPhone }),
    onSuccess: ({ userPhone }) => {
      setPhone(userPhone);
      notifications.show({ color: 'teal', message: t('account.updated') });
      return queryClient.invalidateQueries({ queryKey: accountKey });
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.isNetwork) return;
      if (failure instanceof ApiError && failure.field === 'userPhone')
        setError(apiErrorText(accountsActions.changeUserPhone, failure, lang));
      else
        notifications.show({
          color: 'red',
          message: apiErrorText(accountsActions.changeUserPhone, failure, lang),
        });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const check = validatePhone(phone);
    if (check.flag === 0) {
      setError(errorText(accountsActions.changeUserPhone, check.error, lang));
      return;
    }
    setError(undefined);
    save.mutate(check.phone);
  };

  return (
    <SectionCard title={t('account.phoneTitle')}>
      {!info.userPhone && (
        <Text size="sm" c="dimmed">
          {t('account.phoneEmpty')}
        </Text>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <PhoneInput
            value={phone}
            onChange={(value) => {
              setPhone(value);
              if (error) setError(undefined);
            }}
            error={error}
            defaultCountry={defaultCountry}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('account.phoneSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
