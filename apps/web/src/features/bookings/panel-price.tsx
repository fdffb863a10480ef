import {
  BankDataInput,
  type Booking,
  bankAccountLabel,
  bankAccountTypes,
  bankErrorText,
} from '@agendo/contract';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Radio,
  Select,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { DialogActions } from '../../ui/dialog-actions.tsx';
import { panelTexts } from './panel-texts.ts';

type Mode = 'edit' | 'confirm';

/**
 * The professional's price modal (spec 000 §4, §5, §7): update-booking-price (only this / this and
 * following for a series, notify or not) or, for a hidden price, confirm-booking-price with the
 * methods the client may pay by and the bank data for transfers (E210–E270, same schema as the
 * server).
 */
export function PriceModal({
  booking,
  mode,
  opened,
  onClose,
  onSaved,
}: {
  booking: Booking;
  mode: Mode;
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const tx = useTexts(panelTexts);
  const [amount, setAmount] = useState<string | number>('');
  const [scope, setScope] = useState<'1' | '2'>('1');
  const [notify, setNotify] = useState(true);
  const [payCash, setPayCash] = useState(booking.modalityChosen === 2);
  const [payCard, setPayCard] = useState(true);
  const [withBank, setWithBank] = useState(false);
  const [bank, setBank] = useState({
    firstName: '',
    lastName: '',
    bankName: '',
    account: '',
    accountType: '',
    alias: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const country = 5;

  const save = useMutation({
    mutationFn: async () => {
      const newPrice = typeof amount === 'number' ? amount : amount === '' ? undefined : Number(amount);
      if (newPrice === undefined) throw new ApiError('E20', tx('priceRequired'), 'newPrice', 400);
      if (!Number.isFinite(newPrice) || newPrice < 0)
        throw new ApiError('E21', tx('priceInvalid'), 'newPrice', 400);
      if (mode === 'edit') {
        return call('update-booking-price', {
          ref: booking.id,
          oldPrice: booking.price,
          newPrice,
          sendAdvice: notify ? 1 : 0,
          allbooking: scope === '2' ? 2 : 1,
        });
      }
      let bankInput: BankDataInput | undefined;
      if (withBank) {
        const parsed = BankDataInput.safeParse({
          ...bank,
          country,
          currency: booking.currency,
          accountType: bank.accountType || null,
          alias: bank.alias || null,
        });
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw new ApiError(
            issue?.message ?? 'E1',
            bankErrorText(issue?.message ?? '', country) ?? tx('error'),
            String(issue?.path[0] ?? ''),
            400,
          );
        }
        bankInput = parsed.data;
      }
      return call('confirm-booking-price', {
        ref: booking.id,
        newPrice,
        payCash: payCash ? 1 : 0,
        payCard: payCard ? 1 : 0,
        ...(bankInput ? { bank: bankInput } : {}),
      });
    },
    onSuccess: (res) => {
      notifications.show({ color: 'teal', message: res.message });
      setErrors({});
      onSaved();
      onClose();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.field)
        setErrors({ [e.field === 'bank' ? 'account' : e.field]: e.message });
      else notifications.show({ color: 'red', message: e instanceof ApiError ? e.message : tx('error') });
    },
  });

  const types = bankAccountTypes[country];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={mode === 'edit' ? tx('editPrice') : tx('setPrice')}
      centered
    >
      <Stack>
        <NumberInput
          label={`${tx('newPrice')} (${booking.currency})`}
          value={amount}
          onChange={setAmount}
          min={0}
          decimalScale={2}
          thousandSeparator="."
          decimalSeparator=","
          error={errors.newPrice}
          data-autofocus
        />
        {mode === 'edit' && booking.recurrent === 1 && (
          <Radio.Group value={scope} onChange={(v) => setScope(v === '2' ? '2' : '1')}>
            <Stack gap={6}>
              <Radio value="1" label={tx('onlyThis')} />
              <Radio value="2" label={tx('thisAndNext')} />
            </Stack>
          </Radio.Group>
        )}
        {mode === 'edit' && (
          <Checkbox
            checked={notify}
            onChange={(e) => setNotify(e.currentTarget.checked)}
            label={tx('notify')}
          />
        )}
        {mode === 'confirm' && (
          <>
            <Switch
              checked={payCard}
              onChange={(e) => setPayCard(e.currentTarget.checked)}
              label={tx('acceptCard')}
            />
            <Switch
              checked={payCash}
              onChange={(e) => setPayCash(e.currentTarget.checked)}
              label={tx('acceptCash')}
              disabled={booking.modalityChosen === 1}
            />
            <Switch
              checked={withBank}
              onChange={(e) => setWithBank(e.currentTarget.checked)}
              label={tx('addBank')}
            />
            {withBank && (
              <Stack gap="xs">
                <Group grow>
                  <TextInput
                    label={tx('bankFirstName')}
                    value={bank.firstName}
                    onChange={(e) => setBank({ ...bank, firstName: e.currentTarget.value })}
                    error={errors.firstName}
                  />
                  <TextInput
                    label={tx('bankLastName')}
                    value={bank.lastName}
                    onChange={(e) => setBank({ ...bank, lastName: e.currentTarget.value })}
                    error={errors.lastName}
                  />
                </Group>
                <TextInput
                  label={tx('bankName')}
                  value={bank.bankName}
                  onChange={(e) => setBank({ ...bank, bankName: e.currentTarget.value })}
                  error={errors.bankName}
                />
                <TextInput
                  label={bankAccountLabel(country)}
                  value={bank.account}
                  onChange={(e) => setBank({ ...bank, account: e.currentTarget.value })}
                  error={errors.account}
                  inputMode="numeric"
                />
                {types && (
                  <Select
                    label={tx('bankAccountType')}
                    data={[...types]}
                    value={bank.accountType || null}
                    onChange={(v) => setBank({ ...bank, accountType: v ?? '' })}
                    error={errors.accountType}
                  />
                )}
                <TextInput
                  label={tx('bankAlias')}
                  value={bank.alias}
                  onChange={(e) => setBank({ ...bank, alias: e.currentTarget.value })}
                  error={errors.alias}
                />
              </Stack>
            )}
          </>
        )}
        <DialogActions cancelLabel={tx('cancel')} onCancel={onClose}>
          <Button loading={save.isPending} onClick={() => save.mutate()}>
            {tx('save')}
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}
