import {
  bankAccountLabel,
  bankAccountTypes,
  bankCodeInAccount,
  bankCountryIds,
  bankCountryRefusal,
  bankCurrenciesOf,
  UpdateUserBankInput,
  type UserBank,
  updateUserBankErrorText,
} from '@agendo/contract';
import { Alert, Button, Group, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { paymentSettingsTexts } from './payment-settings-texts.ts';

type Field =
  | 'userFirstName'
  | 'userLastName'
  | 'userCountry'
  | 'userCurrencyBank'
  | 'userBankName'
  | 'userCBU'
  | 'userTypeBank'
  | 'userAliasBank';

export function useUserBank() {
  return useQuery({ queryKey: ['find-user-bank'], queryFn: () => call('find-user-bank', {}) });
}

/**
 * spec 002 §2 "Bank account form", §4 "Bank form", §5 "Bank": the professional's own account.
 * Standalone (change-user-bank) it ends on the success step; embedded in the payment panel
 * (hideDetails) it stays in place and confirms with a toast.
 */
export function BankAccountForm({
  hideDetails = false,
  onSaved,
  onBack,
}: {
  hideDetails?: boolean;
  onSaved?: () => void;
  onBack?: () => void;
}) {
  const tx = useTexts(paymentSettingsTexts);
  const found = useUserBank();
  if (found.isPending) return <Skeleton height={280} radius="md" />;
  if (found.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
        <Group justify="space-between">
          <Text size="sm">{tx('loadError')}</Text>
          <Button variant="white" color="red" onClick={() => found.refetch()}>
            {tx('retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  const country = found.data.userCountry;
  if (country === null) {
    return (
      <Alert color="yellow" icon={<IconAlertCircle aria-hidden />} role="status">
        {tx('noAddress')}
      </Alert>
    );
  }
  if (!bankCountryIds.includes(country)) {
    return (
      <Alert color="yellow" icon={<IconAlertCircle aria-hidden />} role="status">
        {bankCountryRefusal}
      </Alert>
    );
  }
  return (
    <BankFields
      country={country}
      bank={found.data.bank}
      hideDetails={hideDetails}
      onSaved={onSaved}
      onBack={onBack}
    />
  );
}

function BankFields({
  country,
  bank,
  hideDetails,
  onSaved,
  onBack,
}: {
  country: number;
  bank: UserBank | null;
  hideDetails: boolean;
  onSaved: (() => void) | undefined;
  onBack: (() => void) | undefined;
}) {
  const tx = useTexts(paymentSettingsTexts);
  const lang = useLang();
  const queryClient = useQueryClient();
  const sameCountry = bank?.country === country ? bank : null;
  const currencies = bankCurrenciesOf(country);
  const [values, setValues] = useState({
    userFirstName: bank?.name ?? '',
    userLastName: bank?.lastname ?? '',
    userCurrencyBank: sameCountry?.currency ?? currencies[0] ?? '',
    userBankName: sameCountry ? sameCountry.bankCode || sameCountry.bankName : '',
    userCBU: sameCountry?.account ?? '',
    userTypeBank: sameCountry?.accountType ?? '',
    userAliasBank: bank?.userAliasBank ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const banks = useQuery({
    queryKey: ['find-banks-names', country],
    queryFn: async () => (await call('find-banks-names', { userCountry: country })).banks,
  });
  const types = bankAccountTypes[country];
  const label = bankAccountLabel(country);
  const set = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  // A CBU or CLABE names its bank in its first three digits (issue 34): the bank is shown, not asked.
  const codeInAccount = bankCodeInAccount(country, values.userCBU);
  const bankInAccount = codeInAccount ? banks.data?.find((b) => b.id === codeInAccount) : undefined;

  const save = useMutation({
    mutationFn: async () => {
      const parsed = UpdateUserBankInput.safeParse({
        ...values,
        userBankName: bankInAccount?.id ?? values.userBankName,
        userCountry: country,
        userTypeBank: values.userTypeBank || null,
        userAliasBank: values.userAliasBank || null,
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const code = issue?.message ?? 'E1';
        throw new ApiError(code, updateUserBankErrorText(code, country) ?? code, String(issue?.path[0]), 400);
      }
      return call('update-user-bank', parsed.data);
    },
    onSuccess: async () => {
      setErrors({});
      await queryClient.invalidateQueries({ queryKey: ['find-user-bank'] });
      if (hideDetails) notifications.show({ color: 'teal', message: tx('saved') });
      onSaved?.();
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || error.isNetwork) return;
      // The account messages name the country's label ('El CBU ó CVU Nº no es correcto.').
      const text = (lang === 'es' && updateUserBankErrorText(error.code, country)) || error.message;
      if (error.field) setErrors({ [error.field]: text });
      else notifications.show({ color: 'red', message: text });
    },
  });

  const bankOptions = (banks.data ?? []).map((b) => ({ value: b.id, label: `${b.id} · ${b.name}` }));

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Stack gap="md">
        {!hideDetails && (
          <Text size="sm" c="dimmed">
            {tx('bankIntro')}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={tx('firstName')}
            value={values.userFirstName}
            onChange={(e) => set('userFirstName')(e.currentTarget.value)}
            error={errors.userFirstName}
            autoComplete="given-name"
            required
          />
          <TextInput
            label={tx('lastName')}
            value={values.userLastName}
            onChange={(e) => set('userLastName')(e.currentTarget.value)}
            error={errors.userLastName}
            autoComplete="family-name"
            required
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={tx('currency')}
            data={[...currencies]}
            value={values.userCurrencyBank || null}
            onChange={(v) => set('userCurrencyBank')(v ?? '')}
            error={errors.userCurrencyBank}
            allowDeselect={false}
            required
          />
          {bankOptions.length > 0 || banks.isPending ? (
            <Select
              label={tx('bank')}
              placeholder={tx('bankPlaceholder')}
              data={bankOptions}
              value={bankInAccount?.id ?? (values.userBankName || null)}
              onChange={(v) => set('userBankName')(v ?? '')}
              error={errors.userBankName}
              description={bankInAccount ? tx('bankFromAccount') : undefined}
              disabled={bankInAccount !== undefined}
              searchable
              nothingFoundMessage="—"
              required
            />
          ) : (
            <TextInput
              label={tx('bank')}
              value={values.userBankName}
              onChange={(e) => set('userBankName')(e.currentTarget.value)}
              error={errors.userBankName}
              required
            />
          )}
        </SimpleGrid>
        {types && (
          <Select
            label={tx('accountType')}
            data={types.map((t) => ({
              value: t,
              label: tx(`type${t}` as 'typeC' | 'typeS' | 'typeM' | 'typeV'),
            }))}
            value={values.userTypeBank || null}
            onChange={(v) => set('userTypeBank')(v ?? '')}
            error={errors.userTypeBank}
            required
          />
        )}
        <TextInput
          label={label}
          value={values.userCBU}
          onChange={(e) => set('userCBU')(e.currentTarget.value)}
          error={errors.userCBU}
          inputMode={country === 28 || country === 12 ? 'text' : 'numeric'}
          autoComplete="off"
          required
        />
        <TextInput
          label={tx('alias')}
          description={tx('aliasHint')}
          value={values.userAliasBank}
          onChange={(e) => set('userAliasBank')(e.currentTarget.value)}
          error={errors.userAliasBank}
        />
        <Group justify={hideDetails ? 'flex-end' : 'space-between'} gap="sm">
          {!hideDetails && onBack && (
            <Button variant="default" onClick={onBack}>
              {tx('back')}
            </Button>
          )}
          <Button type="submit" loading={save.isPending}>
            {/* In the payment panel its switches save at once: say this button saves only the account. */}
            {hideDetails ? tx('saveBank') : tx('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
