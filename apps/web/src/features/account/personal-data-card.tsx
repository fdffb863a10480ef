import type { InputOf, Language, OutputOf } from '@agendo/contract';
import * as accountsActions from '@agendo/contract/accounts';
import { Button, Group, Select, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useLang, useT } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { useCountryOptions } from '../../lib/places.ts';
import { zoneLabel } from '../../lib/time-zone-label.ts';
import { useActionForm } from '../../lib/use-action-form.ts';
import { NumberSelectField } from '../../ui/form-fields.tsx';
import { NameFields } from '../../ui/name-fields.tsx';
import { accountTexts } from './account-texts.ts';
import { SectionCard } from './section-card.tsx';
import { accountKey } from './use-account.ts';

/** Every zone, named by its city and offset ('Ciudad de México (GMT-6)'), not its IANA id (issue 12). */
function timeZones(current: string, lang: Language): { value: string; label: string }[] {
  const all = Intl.supportedValuesOf('timeZone');
  const zones = all.includes(current) ? all : [current, ...all];
  return zones.map((value) => ({ value, label: zoneLabel(value, lang) }));
}

export function PersonalDataCard({ info }: { info: OutputOf<'find-user-info'> }) {
  const t = useT();
  const ta = useTexts(accountTexts);
  const lang = useLang();
  const queryClient = useQueryClient();
  const { countries, countryOptions } = useCountryOptions(lang);
  const { form, fieldError, submit } = useActionForm(accountsActions.changeUserInfo, {
    defaultValues: {
      userFirstName: info.userFirstName,
      userLastName: info.userLastName,
      userCountry: info.userCountry,
      userTimeZone: info.userTimeZone,
      userLang: info.userLang,
    },
  });
  const zones = useMemo(() => timeZones(info.userTimeZone, lang), [info.userTimeZone, lang]);

  const save = useMutation({
    mutationFn: (values: InputOf<'change-user-info'>) => call('change-user-info', values),
    onSuccess: (_, values) => {
      notifications.show({ color: 'teal', message: ta('account.updated') });
      form.reset(values);
      return queryClient.invalidateQueries({ queryKey: accountKey });
    },
  });

  return (
    <SectionCard title={ta('account.personal')}>
      <form onSubmit={submit((values) => save.mutateAsync(values))} noValidate>
        <Stack gap="md">
          <NameFields register={form.register} fieldError={fieldError} />
          <NumberSelectField
            editor={{ form, fieldError }}
            name="userCountry"
            cleared={undefined}
            searchable
            label={t('field.country')}
            data={countryOptions}
            nothingFoundMessage={t('field.nothingFound')}
            disabled={countries.isPending}
            placeholder={countries.isError ? ta('account.countriesError') : undefined}
            error={countries.isError ? ta('account.countriesError') : undefined}
            comboboxProps={{ withinPortal: true }}
          />
          <Controller
            control={form.control}
            name="userTimeZone"
            render={({ field }) => (
              <Select
                label={t('field.timeZone')}
                data={zones}
                searchable
                limit={50}
                nothingFoundMessage={t('field.nothingFound')}
                value={field.value ?? null}
                onChange={(value) => field.onChange(value ?? undefined)}
                onBlur={field.onBlur}
                ref={field.ref}
                error={fieldError('userTimeZone')}
              />
            )}
          />
          <Controller
            control={form.control}
            name="userLang"
            render={({ field }) => (
              <Select
                label={t('field.language')}
                data={[
                  { value: 'es', label: t('lang.es') },
                  { value: 'en', label: t('lang.en') },
                ]}
                allowDeselect={false}
                value={field.value ?? null}
                onChange={(value) => field.onChange(value ?? undefined)}
                onBlur={field.onBlur}
                ref={field.ref}
                error={fieldError('userLang')}
              />
            )}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {ta('account.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
