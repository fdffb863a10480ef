import { Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { paymentSettingsTexts } from './payment-settings-texts.ts';

const actions = {
  local: { find: 'find-local-payments', update: 'update-local-payments', title: 'mercadoPago' },
  global: { find: 'find-global-payments', update: 'update-global-payments', title: 'paypal' },
} as const;

/**
 * my-charges: the professional's own Mercado Pago (local) or PayPal (global) keys. The server
 * answers them only masked; the inputs start empty and a save replaces both.
 */
export function GatewayKeysCard({ kind }: { kind: keyof typeof actions }) {
  const tx = useTexts(paymentSettingsTexts);
  const queryClient = useQueryClient();
  const names = actions[kind];
  const config = useQuery({ queryKey: [names.find], queryFn: () => call(names.find, {}) });
  const [keys, setKeys] = useState({ publicKey: '', secretKey: '' });
  const [errors, setErrors] = useState<{ publicKey?: string; secretKey?: string }>({});
  const save = useMutation({
    mutationFn: () => call(names.update, keys),
    onSuccess: (saved) => {
      queryClient.setQueryData([names.find], saved);
      void queryClient.invalidateQueries({ queryKey: ['find-user-payment-options'] });
      setKeys({ publicKey: '', secretKey: '' });
      setErrors({});
      notifications.show({ color: 'teal', message: tx('keysSaved') });
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || error.isNetwork) return;
      if (error.field === 'publicKey' || error.field === 'secretKey')
        setErrors({ [error.field]: error.message });
      else notifications.show({ color: 'red', message: error.message });
    },
  });
  const title = tx(names.title);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {title}
          </Title>
          <Text size="sm" role="status">
            {config.data?.checked
              ? tx('keysConnected', { publicKey: config.data.publicKey, secretKey: config.data.secretKey })
              : tx('keysNotConnected')}
          </Text>
          <TextInput
            label={tx('publicKey')}
            value={keys.publicKey}
            onChange={(e) => setKeys({ ...keys, publicKey: e.currentTarget.value })}
            error={errors.publicKey}
            autoComplete="off"
            required
          />
          <PasswordInput
            label={tx('secretKey')}
            value={keys.secretKey}
            onChange={(e) => setKeys({ ...keys, secretKey: e.currentTarget.value })}
            error={errors.secretKey}
            autoComplete="off"
            required
          />
          <Text size="xs" c="dimmed">
            {tx('keysHint')}
          </Text>
          <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-end' }}>
            {tx('saveKeys')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
