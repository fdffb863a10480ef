import { balancePanelAction } from '@agendo/contract';
import { Alert, Button, Card, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { useMinorMoneyText } from '../../lib/money-text.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { loginRequired } from '../../ui/require-login.tsx';
import { BalanceDialog } from './balance-dialog.tsx';
import { balancesTexts } from './balances-texts.ts';

/** wallet-account (spec 000 §2.2): a signed-in client's balances with one professional. */
export const WalletAccountPage = loginRequired(WalletAccount);

function WalletAccount() {
  const tx = useTexts(balancesTexts);
  const money = useMinorMoneyText();
  const { ref } = useParams();
  const queryClient = useQueryClient();
  useDocumentTitle(`${tx('title')} · Agendo`);
  const balances = useQuery({
    queryKey: ['find-balances', ref],
    queryFn: () => call('find-balances', { mode: 2, balanceOfUser: ref ?? '' }),
    enabled: !!ref,
  });
  const wallets = useQuery({
    queryKey: ['find-wallets', ref],
    queryFn: () => call('find-wallets', { mode: 2, balanceOfUser: ref ?? '' }),
    enabled: !!ref,
  });
  const [open, setOpen] = useState<string | null>(null);

  // spec 002 §4 Payment methods panel: a credit above the debt pays it, then both lists reload.
  const action = balances.data ? balancePanelAction(balances.data.balances) : undefined;
  const autoCurrency = action?.kind === 'auto-payment' ? action.currency : undefined;
  useEffect(() => {
    if (!ref || !autoCurrency) return;
    call('save-auto-payments', { mode: 2, balanceOfUser: ref, currency: autoCurrency })
      .then(() => queryClient.invalidateQueries({ predicate: (q) => q.queryKey[1] === ref }))
      // A failed auto-payment leaves the balances as shown; the debt can still be paid by hand.
      .catch(() => undefined);
  }, [ref, autoCurrency, queryClient]);

  const body = () => {
    if (!ref) return <Professionals />;
    if (balances.isPending || wallets.isPending)
      return (
        <Center py="lg" role="status" aria-label={tx('loading')}>
          <Loader />
        </Center>
      );
    if (balances.isError || wallets.isError)
      return (
        <Alert color="red" title={tx('loadError')}>
          <Button
            mt="sm"
            variant="default"
            onClick={() => {
              void balances.refetch();
              void wallets.refetch();
            }}
          >
            {tx('retry')}
          </Button>
        </Alert>
      );
    const rows = balances.data.balances;
    const pending = wallets.data.wallets;
    const current = pending.find((w) => w.id === open);
    return (
      <Stack gap="md">
        {rows.map((r) => (
          <Card key={r.currency} withBorder radius="md" p="md">
            <Text fw={600}>{r.currency}</Text>
            {r.ammount > 0 && <Text>{tx('owed', { amount: money(r.ammount, r.currency) })}</Text>}
            {r.saldo > 0 && <Text c="teal.8">{tx('credit', { amount: money(r.saldo, r.currency) })}</Text>}
          </Card>
        ))}
        {pending.length === 0 ? (
          <Text>{tx('empty')}</Text>
        ) : (
          <Stack gap="xs" component="section" aria-label={tx('pendingTitle')}>
            <Title order={2} fz="lg">
              {tx('pendingTitle')}
            </Title>
            {pending.map((w) => (
              <Card key={w.id} withBorder radius="md" p="sm">
                <Group justify="space-between" wrap="nowrap">
                  <div>
                    <Text fw={500}>{w.title}</Text>
                    <Text size="sm" c="dimmed">
                      {new Date(w.date).toLocaleDateString('es')} · {money(w.ammount, w.currency)}
                    </Text>
                  </div>
                  <Button onClick={() => setOpen(w.id)} aria-label={`${tx('pay')} ${w.title}`}>
                    {tx('pay')}
                  </Button>
                </Group>
              </Card>
            ))}
          </Stack>
        )}
        {current && (
          <BalanceDialog
            professionalRef={ref}
            wallet={current}
            owed={rows.find((r) => r.currency === current.currency)?.ammount ?? current.ammount}
            wallets={wallets.data}
            onClose={() => setOpen(null)}
          />
        )}
      </Stack>
    );
  };

  return (
    <Container size="sm" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {tx('title')}
        </Title>
        {body()}
      </Stack>
    </Container>
  );
}

/**
 * wallet-account without a professional: every professional the client owes or holds a credit
 * with (find-client-balances, a page at a time), each linking to its balances.
 */
function Professionals() {
  const tx = useTexts(balancesTexts);
  const money = useMinorMoneyText();
  const { to } = usePrefix();
  const pages = useInfiniteQuery({
    queryKey: ['find-client-balances'],
    queryFn: ({ pageParam }) => call('find-client-balances', { page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.more ? all.length + 1 : undefined),
  });
  if (pages.isPending)
    return (
      <Center py="lg" role="status" aria-label={tx('loading')}>
        <Loader />
      </Center>
    );
  if (pages.isError)
    return (
      <Alert color="red" title={tx('loadError')}>
        <Button mt="sm" variant="default" onClick={() => void pages.refetch()}>
          {tx('retry')}
        </Button>
      </Alert>
    );
  const professionals = pages.data.pages.flatMap((p) => p.professionals);
  if (professionals.length === 0) return <Text>{tx('nothingOwed')}</Text>;
  return (
    <Stack gap="sm">
      {professionals.map((s) => (
        <Card key={s.ref} withBorder radius="md" p="md">
          <Group justify="space-between" wrap="nowrap">
            <div>
              <Text fw={600}>{s.name}</Text>
              {s.balances.flatMap((r) => [
                ...(r.ammount > 0
                  ? [
                      <Text key={`${r.currency}-owed`} size="sm">
                        {tx('owed', { amount: money(r.ammount, r.currency) })}
                      </Text>,
                    ]
                  : []),
                ...(r.saldo > 0
                  ? [
                      <Text key={`${r.currency}-credit`} size="sm">
                        {tx('credit', { amount: money(r.saldo, r.currency) })}
                      </Text>,
                    ]
                  : []),
              ])}
            </div>
            <Button component={Link} to={to(`wallet-account/${s.ref}`)} aria-label={`${tx('see')} ${s.name}`}>
              {tx('see')}
            </Button>
          </Group>
        </Card>
      ))}
      {pages.hasNextPage && (
        <Button
          variant="default"
          loading={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          {tx('more')}
        </Button>
      )}
    </Stack>
  );
}
