import { type PaymentBadge, paymentBadgeText } from './booking-display.ts';

export const periodExpiredText = 'PERIODO VENCIDO';
export const courseMissingText = 'No encontramos el curso/taller.';
export const workshopPaidToast = 'El taller cambio al estado de abonado.';

export interface WorkshopPanelInput {
  /** Sum of the enrolment's priced purchases (0 when only open modules were taken). */
  pricedPurchases: number;
  /** A priced purchase is still waiting for its cash or transfer payment. */
  unpaidPurchases: number;
  /** The only modules taken are open ones: a free first-module trial (spec 000 §4). */
  freeTrial: boolean;
  /** enableCourse false: the limitTime period ended. */
  enableCourse: boolean;
  /** Lessons completed / lessons in the modules the student can open. */
  completed: number;
  total: number;
}

export interface WorkshopPanelState {
  badge: PaymentBadge;
  badgeText: string;
  periodExpired: boolean;
  /** spec 000 §4: module entry is disabled while a priced workshop is unpaid. */
  moduleEntryEnabled: boolean;
  recontract: boolean;
  percent: number;
  /** spec 000 §4: the certificate only at 100 %. */
  certificateEnabled: boolean;
}

/** spec 000 §2.6 and §4: the workshop options panel's badges and buttons. */
export function workshopPanelState(input: WorkshopPanelInput): WorkshopPanelState {
  const badge: PaymentBadge =
    input.unpaidPurchases > 0
      ? 'unpaid'
      : input.pricedPurchases > 0
        ? 'paid'
        : input.freeTrial
          ? 'free-trial'
          : 'free';
  const percent = input.total === 0 ? 0 : Math.floor((input.completed * 100) / input.total);
  return {
    badge,
    badgeText: paymentBadgeText[badge].workshop,
    periodExpired: !input.enableCourse,
    moduleEntryEnabled: input.enableCourse && input.unpaidPurchases === 0,
    recontract: !input.enableCourse,
    percent,
    certificateEnabled: input.enableCourse && input.total > 0 && input.completed >= input.total,
  };
}
