import { type OutputOf, type PlanDuration, planDurations, planPeriods } from '@agendo/contract';
import {
  Badge,
  Button,
  CloseButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { defineTexts, useTexts } from '../i18n/use-texts.ts';
import { useMinorMoneyText } from '../lib/money-text.ts';

export type GridPlan = OutputOf<'find-plans'>['plans'][number];

const texts = defineTexts(
  {
    unlimited: 'Turnos ilimitados',
    monthlyUses: '{uses} turnos por mes',
    workshops: 'Incluye talleres y cursos',
    choose: 'Elegir',
    chosen: 'Elegido',
    currentBadge: 'Plan actual',
    chosenBadge: 'Tu elección',
    free: 'GRATIS',
    close: 'Cerrar',
    grid: 'Planes',
  },
  {
    unlimited: 'Unlimited sessions',
    monthlyUses: '{uses} sessions a month',
    workshops: 'Includes workshops and courses',
    choose: 'Choose',
    chosen: 'Chosen',
    currentBadge: 'Current plan',
    chosenBadge: 'Your choice',
    free: 'FREE',
    close: 'Close',
    grid: 'Plans',
  },
);

/**
 * spec 002 §2 Plans table: the grid with its three tabs (Planes mensuales, semestrales, anuales)
 * and the saving texts of §9. Shared by my-plan and the register form (register mode: the grid
 * alone); `onClose` gives the compact mode its close button.
 */
export function PlanGrid({
  plans,
  duration,
  onDurationChange,
  isCurrent,
  chosenId,
  onChoose,
  note,
  compact = false,
  onClose,
}: {
  plans: GridPlan[];
  /** The open tab; uncontrolled (starting on the monthly plans) when left out. */
  duration?: PlanDuration;
  onDurationChange?: (d: PlanDuration) => void;
  isCurrent?: (p: GridPlan) => boolean;
  /** The row picked but not yet confirmed (register mode, or a plan chosen during the trial). */
  chosenId?: number | null;
  onChoose: (p: GridPlan) => void;
  /** A line above the tabs (register mode: no card is needed during the trial). */
  note?: React.ReactNode;
  compact?: boolean;
  onClose?: () => void;
}) {
  const tx = useTexts(texts);
  const [ownTab, setOwnTab] = useState<PlanDuration>(30);
  const tab = duration ?? ownTab;
  const setTab = (value: string | null) => {
    const d = Number(value) as PlanDuration;
    if (!planDurations.includes(d)) return;
    setOwnTab(d);
    onDurationChange?.(d);
  };
  return (
    <Stack gap="sm" component="section" aria-label={tx('grid')}>
      {(note || onClose) && (
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>{note}</div>
          {onClose && <CloseButton aria-label={tx('close')} size="lg" onClick={onClose} />}
        </Group>
      )}
      <Tabs value={String(tab)} onChange={setTab}>
        <Tabs.List grow>
          {planDurations.map((d) => (
            <Tabs.Tab key={d} value={String(d)}>
              {planPeriods[d].tab}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {planDurations.map((d) => (
          <Tabs.Panel key={d} value={String(d)} pt="md">
            <DurationPlans
              duration={d}
              plans={plans}
              isCurrent={isCurrent}
              chosenId={chosenId}
              onChoose={onChoose}
              compact={compact}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function DurationPlans({
  duration,
  plans,
  isCurrent,
  chosenId,
  onChoose,
  compact,
}: {
  duration: PlanDuration;
  plans: GridPlan[];
  isCurrent?: (p: GridPlan) => boolean;
  chosenId?: number | null;
  onChoose: (p: GridPlan) => void;
  compact: boolean;
}) {
  const tx = useTexts(texts);
  const money = useMinorMoneyText();
  const saving = planPeriods[duration].saving;
  // The free plan has no period: it shows on the monthly tab only.
  const shown = plans.filter((p) => (p.plan_id === 4 ? duration === 30 : p.duration === duration));
  return (
    <Stack gap="md">
      {saving && <Text c="teal.8">{saving}</Text>}
      <SimpleGrid cols={compact ? { base: 1, xs: 2, md: 3 } : { base: 1, sm: 2, md: 4 }} spacing="sm">
        {shown.map((p) => {
          const current = isCurrent?.(p) ?? false;
          const chosen = chosenId === p.id;
          return (
            <Paper
              key={p.id}
              withBorder
              radius="md"
              p={compact ? 'sm' : 'md'}
              component="article"
              aria-label={p.name}
              bd={chosen ? '2px solid var(--mantine-primary-color-filled)' : undefined}
            >
              <Stack gap="xs">
                <Group justify="space-between" gap="xs">
                  <Title order={3} fz={compact ? 16 : 18}>
                    {p.name}
                  </Title>
                  {current && <Badge>{tx('currentBadge')}</Badge>}
                  {chosen && !current && <Badge variant="light">{tx('chosenBadge')}</Badge>}
                </Group>
                <Text fw={700} fz={compact ? 18 : 20}>
                  {p.real_price === 0 ? tx('free') : money(p.real_price, p.currency)}
                </Text>
                <Text size="sm">
                  {p.uses === null ? tx('unlimited') : tx('monthlyUses', { uses: p.uses })}
                </Text>
                {p.workshops && <Text size="sm">{tx('workshops')}</Text>}
                <Button
                  mt="xs"
                  variant={chosen ? 'filled' : current ? 'default' : 'light'}
                  disabled={current}
                  aria-pressed={chosenId !== undefined ? chosen : undefined}
                  onClick={() => onChoose(p)}
                >
                  {chosen ? tx('chosen') : tx('choose')}
                </Button>
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
