import type { OutputOf } from '@agendo/contract';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { BankAccountForm } from './bank-account-form.tsx';
import { paymentSettingsTexts } from './payment-settings-texts.ts';

type Options = OutputOf<'find-user-payment-options'>;
const switches = ['payCard', 'payCash', 'payMoney', 'notifyDebt'] as const;
/** The ways a client can pay (notifyDebt is a notice, not a way of paying). */
const methods = ['payCard', 'payCash', 'payMoney'] as const;

/** Whether turning `name` off leaves no way of paying at all (issue 34: warn before that). */
export function turnsOffLastMethod(data: Options, name: (typeof switches)[number]): boolean {
  if (!(methods as readonly string[]).includes(name) || data[name] !== 1) return false;
  return methods.every((m) => m === name || data[m] !== 1);
}

export function usePaymentOptions() {
  return useQuery({
    queryKey: ['find-user-payment-options'],
    queryFn: () => call('find-user-payment-options', {}),
  });
}

/**
 * spec 002 §2 "Payment methods panel": 'Formas de cobro' with its four switches (defaults and
 * §9 rules come from the server), the bank block while transfer is on, and the info box with
 * the link to my-charges while transfer cannot be turned on. Each switch is saved at once (the
 * intro says so; the bank block's own button names what it saves), and turning off the last way
 * of paying asks first (issue 34).
 */
export function PaymentMethodsPanel() {
  const tx = useTexts(paymentSettingsTexts);
  const { to } = usePrefix();
  const queryClient = useQueryClient();
  const options = usePaymentOptions();
  const [lastOff, setLastOff] = useState<Options | null>(null);
  const save = useMutation({
    mutationFn: (next: Options) =>
      call('update-user-payment-options', {
        payCard: next.payCard,
        payCash: next.payCash,
        payMoney: next.payMoney,
        notifyDebt: next.notifyDebt,
      }),
    onMutate: (next) => queryClient.setQueryData(['find-user-payment-options'], next),
    onSuccess: (saved) => {
      notifications.show({ color: 'teal', message: saved.message });
      queryClient.setQueryData<Options>(['find-user-payment-options'], (old) =>
        old ? { ...old, ...saved } : old,
      );
    },
    onError: (error) => {
      if (error instanceof ApiError && !error.isNetwork)
        notifications.show({ color: 'red', message: error.message });
      void queryClient.invalidateQueries({ queryKey: ['find-user-payment-options'] });
    },
  });

  if (options.isPending) return <Skeleton height={220} radius="md" />;
  if (options.isError) {
    return (
      <Alert color="red" role="alert">
        {tx('loadError')}
      </Alert>
    );
  }
  const data = options.data;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-label={tx('panelTitle')}
    >
      <Stack gap="md">
        <Title order={2} fz="lg">
          {tx('panelTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {tx('panelIntro')}
        </Text>
        {switches.map((name) => (
          <Switch
            key={name}
            label={tx(name)}
            checked={data[name] === 1}
            disabled={!data.enabled[name] || save.isPending}
            onChange={(e) => {
              const next = { ...data, [name]: e.currentTarget.checked ? 1 : 0 };
              if (turnsOffLastMethod(data, name)) setLastOff(next);
              else save.mutate(next);
            }}
          />
        ))}
        <Modal
          opened={lastOff !== null}
          onClose={() => setLastOff(null)}
          title={tx('lastMethodTitle')}
          centered
        >
          <Stack>
            <Text size="sm">{tx('lastMethodWarning')}</Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setLastOff(null)}>
                {tx('lastMethodKeep')}
              </Button>
              <Button
                color="red"
                onClick={() => {
                  if (lastOff) save.mutate(lastOff);
                  setLastOff(null);
                }}
              >
                {tx('lastMethodConfirm')}
              </Button>
            </Group>
          </Stack>
        </Modal>
        {!data.enabled.payMoney && (
          <Alert color="blue" icon={<IconInfoCircle aria-hidden />} role="note">
            <Text size="sm">
              {tx('transferDisabled')}{' '}
              <Anchor component={Link} to={to('my-charges')} size="sm" c="blue.9" fw={600}>
                {tx('configureCharges')}
              </Anchor>
            </Text>
          </Alert>
        )}
        {data.payMoney === 1 && (
          <>
            <Divider />
            <Title order={3} fz="md">
              {tx('bankBlock')}
            </Title>
            <BankAccountForm hideDetails />
          </>
        )}
      </Stack>
    </Paper>
  );
}
