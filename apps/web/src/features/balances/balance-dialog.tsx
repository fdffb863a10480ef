import {
  type BalanceDialogStep,
  balanceStepAfterPay,
  formatKeypadAmount,
  keypadConfirmDisabled,
  minorUnitsOf,
  type OutputOf,
  pressAmountKey,
} from '@agendo/contract';
import { ActionIcon, Alert, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBackspace, IconEraser } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { useMinorMoneyText } from '../../lib/money-text.ts';
import { BankLines } from '../../ui/bank-lines.tsx';
import { PaymentFrame } from '../../ui/payment-frame.tsx';
import { balancesTexts } from './balances-texts.ts';

type Wallets = OutputOf<'find-wallets'>;
type Wallet = Wallets['wallets'][number];

/** The keypad takes whole units; the API's amounts are minor units (cents; CLP has none). */
export const minorUnits = (digits: string, currency: string) => Number(digits) * minorUnitsOf(currency);

/**
 * The balance payment dialog (spec 002 §2, §4 steps 0–7, §5 keypad) for one balance row. The
 * step after Pagar is the contract's rule over the professional's payCard/payMoney/payCash.
 * `owed` is everything the client owes in the row's currency: a payment pays the oldest debts
 * first and may never exceed it.
 */
export function BalanceDialog({
  professionalRef,
  wallet,
  owed,
  wallets,
  onClose,
}: {
  professionalRef: string;
  wallet: Wallet;
  owed: number;
  wallets: Pick<Wallets, 'payCard' | 'payCash' | 'payMoney' | 'bank'>;
  onClose: () => void;
}) {
  const tx = useTexts(balancesTexts);
  const money = useMinorMoneyText();
  const available = {
    card: wallets.payCard === 1,
    transfer: wallets.payMoney === 1,
    cash: wallets.payCash === 1,
  };
  const first = balanceStepAfterPay(available);
  const [step, setStep] = useState<BalanceDialogStep>(first);
  // What will be paid, in minor units: this balance unless the keypad changed it.
  const [amount, setAmount] = useState(Math.min(wallet.ammount, owed));
  const [checkoutUrl, setCheckoutUrl] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: () =>
      call('start-balance-payment', {
        mode: 2,
        balanceOfUser: professionalRef,
        currency: wallet.currency,
        amount,
      }),
    onSuccess: (res) => setCheckoutUrl(res.checkoutUrl),
  });
  const total = money(wallet.ammount, wallet.currency);
  const backTo = (s: BalanceDialogStep) => (
    <Button variant="default" onClick={() => setStep(s)}>
      {tx('back')}
    </Button>
  );
  const backToChoice = first === 1 ? backTo(1) : null;

  return (
    <>
      {/* The provider's page replaces the dialog while it is open; closing it comes back here. */}
      <Modal
        opened={checkoutUrl === null}
        onClose={onClose}
        title={wallet.title}
        centered
        size="sm"
        closeButtonProps={{ 'aria-label': tx('close') }}
      >
        {step === 1 && (
          <Stack gap="sm">
            <Text fw={600}>{tx('methodTitle')}</Text>
            {available.card && <Button onClick={() => setStep(2)}>{tx('card')}</Button>}
            {available.transfer && <Button onClick={() => setStep(5)}>{tx('transfer')}</Button>}
            {available.cash && <Button onClick={() => setStep(7)}>{tx('cash')}</Button>}
          </Stack>
        )}
        {step === 2 && (
          <AmountKeypad
            currency={wallet.currency}
            owed={owed}
            onBack={() => setStep(first === 1 ? 1 : 3)}
            onConfirm={(minor) => {
              setAmount(minor);
              start.reset();
              setStep(3);
            }}
          />
        )}
        {step === 3 && (
          <Stack gap="sm">
            <Text fw={600}>{tx('confirmTitle')}</Text>
            <Text data-testid="pay-total">
              {tx('confirmTotal', { amount: money(amount, wallet.currency) })}
            </Text>
            {start.isError && (
              <Alert color="red" role="alert">
                {start.error instanceof ApiError && !start.error.isNetwork
                  ? start.error.message
                  : tx('startError')}
              </Alert>
            )}
            <Button loading={start.isPending} onClick={() => start.mutate()}>
              {tx('proceed')}
            </Button>
            <Group justify="space-between">
              {backToChoice}
              <Button variant="subtle" onClick={() => setStep(2)}>
                {tx('changeAmount')}
              </Button>
            </Group>
          </Stack>
        )}
        {step === 5 && (
          <Stack gap="sm">
            <Text fw={600}>{tx('transferTitle')}</Text>
            {wallets.bank ? (
              <>
                <Text>{tx('transferBankText', { amount: total })}</Text>
                <BankLines bank={wallets.bank} />
              </>
            ) : (
              <Text>{tx('transferText', { amount: total })}</Text>
            )}
            {backToChoice}
          </Stack>
        )}
        {step === 6 && (
          <Stack gap="sm">
            <Text fw={600}>{tx('noMethodTitle')}</Text>
            <Text>{tx('noMethodText')}</Text>
            <Button onClick={onClose}>{tx('close')}</Button>
          </Stack>
        )}
        {step === 7 && (
          <Stack gap="sm">
            <Text fw={600}>{tx('cashTitle')}</Text>
            <Text>{tx('cashText', { amount: total })}</Text>
            {backToChoice}
          </Stack>
        )}
      </Modal>
      <PaymentFrame url={checkoutUrl} onClose={() => setCheckoutUrl(null)} />
    </>
  );
}

/** The keys in their places: digits, then eraser, 0 and backspace (spec 002 §5). */
const keypadKeys = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'Eraser', '0', 'Backspace'] as const;
const keyIcons = {
  Eraser: { Icon: IconEraser, label: 'eraser' },
  Backspace: { Icon: IconBackspace, label: 'backspace' },
} as const;

/**
 * spec 002 §5 Amount keypad: on-screen keys and the physical keyboard, via the contract's rules.
 * An amount above what is owed is refused here with the server's own words (E3).
 */
function AmountKeypad({
  currency,
  owed,
  onBack,
  onConfirm,
}: {
  currency: string;
  owed: number;
  onBack: () => void;
  onConfirm: (minor: number) => void;
}) {
  const tx = useTexts(balancesTexts);
  const money = useMinorMoneyText();
  const [digits, setDigits] = useState('');
  const press = (key: string) => setDigits((d) => pressAmountKey(d, key));
  const tooMuch = digits !== '' && minorUnits(digits, currency) > owed;
  // The physical keyboard types at once: the button that led here is gone with its step.
  const pad = useRef<HTMLDivElement>(null);
  useEffect(() => pad.current?.focus(), []);
  return (
    <Stack
      ref={pad}
      tabIndex={-1}
      role="group"
      aria-label={tx('amountTitle')}
      gap="sm"
      onKeyDown={(e) => {
        if (/^[0-9]$/.test(e.key) || e.key === 'Backspace' || e.key === 'Delete') {
          e.preventDefault();
          press(e.key);
        }
      }}
    >
      <Text fw={600}>{tx('amountTitle')}</Text>
      <Text fz={32} ta="center" role="status" aria-live="polite" data-testid="keypad-amount">
        {currency} {formatKeypadAmount(digits) || '0'}
      </Text>
      {tooMuch && (
        <Alert color="red" role="alert" id="keypad-over-debt">
          {tx('overDebt', { amount: money(owed, currency) })}
        </Alert>
      )}
      <SimpleGrid cols={3} spacing="xs">
        {keypadKeys.map((k) => {
          const icon = k === 'Eraser' || k === 'Backspace' ? keyIcons[k] : null;
          return icon ? (
            <ActionIcon
              key={k}
              variant="default"
              size="xl"
              h="100%"
              w="100%"
              aria-label={tx(icon.label)}
              onClick={() => press(k)}
            >
              <icon.Icon aria-hidden />
            </ActionIcon>
          ) : (
            <Button key={k} variant="default" size="lg" onClick={() => press(k)}>
              {k}
            </Button>
          );
        })}
      </SimpleGrid>
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          {tx('back')}
        </Button>
        <Button
          disabled={keypadConfirmDisabled(digits) || tooMuch}
          aria-describedby={tooMuch ? 'keypad-over-debt' : undefined}
          onClick={() => onConfirm(minorUnits(digits, currency))}
        >
          {tx('confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
