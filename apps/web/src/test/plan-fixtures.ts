import type { OutputOf } from '@agendo/contract';

type PlanRow = OutputOf<'find-plans'>['plans'][number];

/** One row of find-plans for a paid plan (1 Inicial, 2 Profesional, 3 Ilimitado) in pesos. */
export function planRow(
  id: number,
  plan_id: 1 | 2 | 3,
  duration: 30 | 180 | 365,
  real_price: number,
): PlanRow {
  return {
    id,
    plan_id,
    name: { 1: 'Plan Inicial', 2: 'Plan Profesional', 3: 'Plan Ilimitado' }[plan_id],
    duration,
    uses: { 1: 30, 2: 80, 3: null }[plan_id],
    workshops: plan_id === 3,
    real_price,
    currency: 'ARS',
  };
}

/** The monthly grid of the three paid plans, followed by `more` rows. */
export function planGrid(...more: PlanRow[]): OutputOf<'find-plans'> {
  return {
    status: '200',
    plans: [planRow(1, 1, 30, 9_999_00), planRow(2, 2, 30, 19_999_00), planRow(3, 3, 30, 29_999_00), ...more],
  };
}
