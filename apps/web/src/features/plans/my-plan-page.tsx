import { type OutputOf, type PlanDuration, planPeriods, plans, prorate, trialNotice } from '@agendo/contract';
import { Alert, Button, Container, Group, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconGift } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { useMinorMoneyText } from '../../lib/money-text.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { type GridPlan, PlanGrid } from '../../ui/plan-grid.tsx';
import { PlanBillingSection } from './plan-billing-section.tsx';
import { plansTexts } from './plans-texts.ts';

type MyPlan = OutputOf<'find-my-plan'>;

const myPlanKey = ['find-my-plan'] as const;
const gridKey = ['find-plans', 'with-free'] as const;

function showError(error: unknown) {
  if (error instanceof ApiError && !error.isNetwork)
    notifications.show({ color: 'red', message: error.message });
}

/** my-plan / plans (spec 002 §2 Plans table): the current-plan card and the grid with its modals. */
export function MyPlanPage() {
  const tx = useTexts(plansTexts);
  useDocumentTitle(`${tx('title')} · Agendo`);
  const loggedIn = useIsLoggedIn();
  const { to } = usePrefix();
  const { pathname } = useLocation();
  if (!loggedIn) return <Navigate to={`${to('login')}?next=${encodeURIComponent(pathname)}`} replace />;
  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {tx('title')}
        </Title>
        <PlanScreens />
      </Stack>
    </Container>
  );
}

function PlanScreens() {
  const tx = useTexts(plansTexts);
  const queryClient = useQueryClient();
  const mine = useQuery({ queryKey: myPlanKey, queryFn: () => call('find-my-plan', {}) });
  const grid = useQuery({ queryKey: gridKey, queryFn: () => call('find-plans', { showFree: 'YES' }) });
  const [chosen, setChosen] = useState<GridPlan | null>(null);
  const [giftOpen, setGiftOpen] = useState(false);
  const [tab, setTab] = useState<PlanDuration | null>(null);

  // The answers carry the plan fields; after a change of plan the card and payment part (what
  // it owes, whether it needs a card) is read again.
  const refresh = (data: Omit<MyPlan, 'billing'>, billingChanged = false) => {
    queryClient.setQueryData<MyPlan>(myPlanKey, (old) => (old ? { ...data, billing: old.billing } : old));
    if (billingChanged) void queryClient.invalidateQueries({ queryKey: myPlanKey });
  };
  const change = useMutation({
    mutationFn: (plan: GridPlan) => call('change-plan', { planSelected: plan.id }),
    onSuccess: (answer) => {
      // A paid plan chosen on the free plan waits for its payment (issue 34): not 'updated' yet.
      const waits = answer.periodFree === 0 && answer.userPlan === 4 && answer.selectedPlan !== null;
      notifications.show({
        color: 'teal',
        message:
          answer.selectedPlan && waits
            ? tx('pendingToast', { name: plans[answer.selectedPlan.planId].name })
            : answer.message,
      });
      const { prorrateo: _p, message: _m, ...data } = answer;
      refresh(data, true);
      setChosen(null);
    },
    onError: showError,
  });
  const gift = useMutation({
    mutationFn: () => call('gift-sessions', {}),
    onSuccess: (answer) => {
      notifications.show({ color: 'teal', message: answer.message });
      const { extra: _e, message: _m, ...data } = answer;
      refresh(data);
      setGiftOpen(false);
    },
    onError: showError,
  });

  if (mine.isPending || grid.isPending) return <Skeleton height={320} radius="md" />;
  if (mine.isError || grid.isError) {
    return (
      <Alert color="red" role="alert">
        {tx('loadError')}
      </Alert>
    );
  }
  const me = mine.data;
  const rows = grid.data.plans;
  // The trial is not the free plan (issue 34: 'Plan actual' on Plan Gratuito contradicted it).
  const isCurrent = (p: GridPlan) =>
    me.periodFree === 0 && p.plan_id === me.userPlan && (p.plan_id === 4 || p.duration === me.days_plan);
  const chosenId =
    rows.find((p) => p.plan_id === me.selectedPlan?.planId && p.duration === me.selectedPlan?.duration)?.id ??
    null;
  return (
    <>
      <CurrentPlanCard
        me={me}
        plans={rows}
        isCurrent={isCurrent}
        chosenId={chosenId}
        onChoose={setChosen}
        onGift={() => setGiftOpen(true)}
        onChange={() => setTab(me.days_plan)}
      />
      <PlanBillingSection
        billing={me.billing}
        inTrial={me.periodFree === 1}
        period={me.selectedPlan?.duration ?? me.days_plan}
      />
      <PlanGrid
        plans={rows}
        duration={tab ?? me.selectedPlan?.duration ?? me.days_plan}
        onDurationChange={setTab}
        isCurrent={isCurrent}
        chosenId={chosenId}
        onChoose={setChosen}
      />
      <ChangePlanModal
        me={me}
        plan={chosen}
        busy={change.isPending}
        onClose={() => setChosen(null)}
        onConfirm={(p) => change.mutate(p)}
      />
      <Modal opened={giftOpen} onClose={() => setGiftOpen(false)} title={tx('giftTitle')} centered>
        <Stack>
          <Text>{tx('giftText', { n: me.giftExtra })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setGiftOpen(false)}>
              {tx('cancel')}
            </Button>
            <Button loading={gift.isPending} onClick={() => gift.mutate()}>
              {tx('giftAccept')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function CurrentPlanCard({
  me,
  plans: rows,
  isCurrent,
  chosenId,
  onChoose,
  onGift,
  onChange,
}: {
  me: MyPlan;
  plans: GridPlan[];
  isCurrent: (p: GridPlan) => boolean;
  chosenId: number | null;
  onChoose: (p: GridPlan) => void;
  onGift: () => void;
  onChange: () => void;
}) {
  const tx = useTexts(plansTexts);
  const money = useMinorMoneyText();
  const notice = trialNotice(me.difDaysPeriodFree);
  const trial = me.periodFree === 1;
  const pending = !trial && me.billing.pendingPlan;
  const limits = trial
    ? tx('limitsTrial')
    : me.userPlan === 4
      ? tx('limitsFree')
      : plans[me.userPlan].workshops
        ? tx('limitsWorkshops')
        : tx('limitsNoWorkshops');
  const day = (iso: string) => new Date(iso).toLocaleDateString('es-AR');
  // The next date that matters: the trial's end, the paid period's renewal, or (on the free
  // plan) the monthly cycle that renews the sessions.
  const renewal = trial
    ? tx('trialEnds', { date: day(me.periodFinishUser) })
    : me.inPaidPeriod
      ? tx('renews', { date: day(me.periodFinishUser) })
      : tx('cycleRenews', { date: day(me.cycleEnd) });
  // spec 002 §4: at 0 days the notice comes with the plan selector; under 5 days it is one click away.
  const [selectorOpen, setSelectorOpen] = useState(notice.kind === 'ends-today' && me.selectedPlan === null);
  const selector = selectorOpen && (
    <PlanGrid
      compact
      plans={rows.filter((p) => p.plan_id !== 4)}
      isCurrent={isCurrent}
      chosenId={chosenId}
      onChoose={onChoose}
      onClose={() => setSelectorOpen(false)}
      note={<Text size="sm">{tx('trialChoice')}</Text>}
    />
  );
  const chooseButton = !selectorOpen && (
    <Group>
      <Button variant="white" color="dark" onClick={() => setSelectorOpen(true)}>
        {me.selectedPlan ? tx('changeChoice') : tx('choosePlan')}
      </Button>
    </Group>
  );
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={tx('current')}>
      <Stack gap="sm">
        <Text c="dimmed" size="sm">
          {tx('current')}
        </Text>
        <Title order={2} fz={22}>
          {trial ? tx('trialName') : plans[me.userPlan].name}
        </Title>
        {notice.kind === 'days' && <Text>{tx('trialDays', { days: notice.days })}</Text>}
        {notice.kind === 'warning' && (
          <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} role="status">
            <Stack gap="sm">
              <Text size="sm">
                {me.selectedPlan
                  ? tx('trialWarningChosen', { days: notice.days, name: plans[me.selectedPlan.planId].name })
                  : tx('trialWarning', { days: notice.days })}
              </Text>
              {chooseButton}
            </Stack>
          </Alert>
        )}
        {notice.kind === 'ends-today' && (
          <Alert color="orange" icon={<IconAlertTriangle aria-hidden />} role="status">
            <Stack gap="sm">
              <Text size="sm">{tx('trialEndsToday')}</Text>
              {chooseButton}
            </Stack>
          </Alert>
        )}
        {(notice.kind === 'warning' || notice.kind === 'ends-today') && selector}
        {me.periodFree === 1 && me.selectedPlan && (
          <Text>
            {tx('chosenPlan', {
              name: plans[me.selectedPlan.planId].name,
              period: planPeriods[me.selectedPlan.duration].tab.toLowerCase(),
            })}
          </Text>
        )}
        {me.periodFree === 1 && !me.selectedPlan && notice.kind === 'days' && (
          <Text size="sm" c="dimmed">
            {tx('noChoiceYet')}
          </Text>
        )}
        {pending && me.selectedPlan && me.billing.dueCurrency && (
          <Alert color="blue" role="status">
            {tx('pendingChoice', {
              name: plans[me.selectedPlan.planId].name,
              period: planPeriods[me.selectedPlan.duration].tab.toLowerCase(),
              amount: money(me.billing.amountDueMinor, me.billing.dueCurrency),
            })}
          </Alert>
        )}
        <Text>
          {me.totalUses === null
            ? tx('usesUnlimited')
            : tx('uses', { used: me.planUses, total: me.totalUses })}
        </Text>
        <Text size="sm">{limits}</Text>
        <Text size="sm" c="dimmed">
          {renewal}
        </Text>
        {me.blockUse === 1 && (
          <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
            <Stack gap="sm">
              <Text size="sm">{tx('blocked')}</Text>
              <Group>
                {me.canSelectGift === 1 && (
                  <Button leftSection={<IconGift aria-hidden size={18} />} onClick={onGift}>
                    {tx('giftButton')}
                  </Button>
                )}
                <Button variant="default" onClick={onChange}>
                  {tx('changeButton')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function ChangePlanModal({
  me,
  plan,
  busy,
  onClose,
  onConfirm,
}: {
  me: MyPlan;
  plan: GridPlan | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: (p: GridPlan) => void;
}) {
  const tx = useTexts(plansTexts);
  const money = useMinorMoneyText();
  const modalSaving = plan ? planPeriods[plan.duration].modalSaving : null;
  // The proration note (spec 002 §4): an upgrade inside a paid period pays the difference for the
  // days left. A lower plan owes nothing (change-plan refuses it with E20/E22): no note of $ 0.
  const difference =
    plan && me.inPaidPeriod && plan.plan_id !== 4
      ? prorate({
          oldPriceMinor: me.currentPrice,
          newPriceMinor: plan.real_price,
          daysLeft: me.daysFinishPlan,
          daysMonth: me.daysMonth,
        })
      : 0;
  const proration = difference > 0 ? difference : null;
  return (
    <Modal opened={plan !== null} onClose={onClose} title={tx('confirmTitle')} centered>
      {plan && (
        <Stack>
          <Text>
            {tx('confirmPrice', {
              name: plan.name,
              price: plan.real_price === 0 ? tx('free') : money(plan.real_price, plan.currency),
            })}
            {modalSaving ? ` (${modalSaving})` : ''}
          </Text>
          {plan.plan_id === 4 && (
            <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />}>
              {tx('freeWarning')}
            </Alert>
          )}
          {me.periodFree === 1 && plan.plan_id !== 4 && <Text size="sm">{tx('trialChoice')}</Text>}
          {proration !== null && (
            <Text size="sm">
              {tx('proration', { days: me.daysFinishPlan, amount: money(proration, plan.currency) })}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {tx('cancel')}
            </Button>
            <Button loading={busy} onClick={() => onConfirm(plan)}>
              {tx('confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
