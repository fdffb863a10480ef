import { type BankData, bankAccountLabel } from '@agendo/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { defineTexts, useTexts } from '../i18n/use-texts.ts';

const texts = defineTexts(
  {
    bankHolder: 'Titular',
    bankName: 'Banco',
    bankAlias: 'Alias',
    copy: 'Copiar',
    // spec 002 §8
    copied: 'Copiado al portapapeles.',
  },
  {
    bankHolder: 'Holder',
    bankName: 'Bank',
    bankAlias: 'Alias',
    copy: 'Copy',
    copied: 'Copied to the clipboard.',
  },
);

/**
 * The professional's bank data for a transfer (appointments, modules, balances), with copy
 * buttons. The number is named as the bank form names it in that country (spec 002 §5 Bank:
 * 'CBU ó CVU Nº', 'IBAN', 'Chave Pix'…).
 */
export function BankLines({ bank }: { bank: BankData }) {
  const tx = useTexts(texts);
  const accountLabel = bankAccountLabel(bank.country).replace(/:$/, '');
  const lines = [
    { key: 'holder', label: tx('bankHolder'), value: `${bank.firstName} ${bank.lastName}`, copy: false },
    { key: 'bank', label: tx('bankName'), value: bank.bankName, copy: false },
    { key: 'account', label: accountLabel, value: bank.account, copy: true },
    ...(bank.alias ? [{ key: 'alias', label: tx('bankAlias'), value: bank.alias, copy: true }] : []),
  ];
  return (
    <Stack gap={4} mt="sm">
      {lines.map((l) => (
        <Group key={l.key} justify="space-between" wrap="nowrap">
          <Text size="sm">
            <strong>{l.label}:</strong> {l.value}
          </Text>
          {l.copy && (
            <Button
              size="compact-xs"
              variant="subtle"
              aria-label={`${tx('copy')} ${l.label}`}
              onClick={() => {
                void navigator.clipboard?.writeText(l.value);
                notifications.show({ color: 'teal', message: tx('copied') });
              }}
            >
              {tx('copy')}
            </Button>
          )}
        </Group>
      ))}
    </Stack>
  );
}
