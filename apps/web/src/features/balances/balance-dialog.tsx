import {
  type BalanceDialogStep,
  balanceStepAfterPay,
  formatKeypadAmount,
  keypadConfirmDisabled,
  type OutputOf,
  pressAmountKey,
} from '@agendo/contract';
import { ActionIcon, Alert, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBackspace, IconEraser } from '@tabler/icons-react';
import { useState } from 'react';
import { useTexts } from '../../i18n/use-texts.ts';
import { useMoneyText } from '../../lib/money-text.ts';
import { balancesTexts } from './balances-texts.ts';

type Wallets = OutputOf<'find-wallets'>;
type Wallet = Wallets['wallets'][number];

/** The keypad takes whole units; the API's amounts are minor units (cents). */
export const minorUnits = (digits: string) => Number(digits) * 100;

/**
 * The balance payment dialog (spec 002 §2, §4 steps 0–7, §5 keypad) for one balance row. The
 * step after Pagar is the contract's rule over the professional's payCard/payMoney/payCash.
 */
export function BalanceDialog({
  wallet,
  methods,
  onClose,
}: {
  wallet: Wallet;
  methods: Pick<Wallets, 'payCard' | 'payCash' | 'payMoney'>;
  onClose: () => void;
}) {
  const tx = useTexts(balancesTexts);
  const money = useMoneyText();
  const available = {
    card: methods.payCard === 1,
    transfer: methods.payMoney === 1,
    cash: methods.payCash === 1,
  };
  const first = balanceStepAfterPay(available);
  const [step, setStep] = useState<BalanceDialogStep>(first);
  // What will be paid, in minor units: the whole debt unless the keypad changed it.
  const [amount, setAmount] = useState(wallet.ammount);
  const total = money(wallet.ammount, wallet.currency);
  const backTo = (s: BalanceDialogStep) => (
    <Button variant="default" onClick={() => setStep(s)}>
      {tx('back')}
    </Button>
  );
  const backToChoice = first === 1 ? backTo(1) : null;

  return (
    <Modal opened onClose={onClose} title={wallet.title} centered fullScreen={false} size="sm">
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
          onBack={() => setStep(first === 1 ? 1 : 3)}
          onConfirm={(digits) => {
            setAmount(minorUnits(digits));
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
          <Alert color="yellow" id="card-unavailable">
            {tx('cardUnavailable')}
          </Alert>
          {/* No server action takes a client's card payment of a balance yet (issue 14). */}
          <Button disabled aria-describedby="card-unavailable">
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
          <Text>{tx('transferText', { amount: total })}</Text>
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
  );
}

/** spec 002 §5 Amount keypad: on-screen keys and the physical keyboard, via the contract's rules. */
function AmountKeypad({
  currency,
  onBack,
  onConfirm,
}: {
  currency: string;
  onBack: () => void;
  onConfirm: (digits: string) => void;
}) {
  const tx = useTexts(balancesTexts);
  const [digits, setDigits] = useState('');
  const press = (key: string) => setDigits((d) => pressAmountKey(d, key));
  return (
    <Stack
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
      <SimpleGrid cols={3} spacing="xs">
        {['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((k) => (
          <Button key={k} variant="default" size="lg" onClick={() => press(k)}>
            {k}
          </Button>
        ))}
        <ActionIcon
          variant="default"
          size="xl"
          h="100%"
          w="100%"
          aria-label={tx('eraser')}
          onClick={() => press('Eraser')}
        >
          <IconEraser aria-hidden />
        </ActionIcon>
        <Button variant="default" size="lg" onClick={() => press('0')}>
          0
        </Button>
        <ActionIcon
          variant="default"
          size="xl"
          h="100%"
          w="100%"
          aria-label={tx('backspace')}
          onClick={() => press('Backspace')}
        >
          <IconBackspace aria-hidden />
        </ActionIcon>
      </SimpleGrid>
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          {tx('back')}
        </Button>
        <Button disabled={keypadConfirmDisabled(digits)} onClick={() => onConfirm(digits)}>
          {tx('confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
