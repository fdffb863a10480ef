import type { ModuleResultRoute } from '../constants/courses.ts';
import type { PaymentProviderName } from './provider-choice.ts';

export interface ModuleCheckoutInput {
  signedIn: boolean;
  hidePrice: 0 | 1;
  noPrice: 0 | 1;
  /** What the buyer pays, in their currency (0 = free). */
  price: number;
  /** The workshop's flags: for a course "cash" is paid by transfer (spec 002 §4 "Cash only: transfer"). */
  payCash: 0 | 1;
  payCard: 0 | 1;
  provider: PaymentProviderName | null;
  currency: string;
  international: boolean;
}

export type ModuleCheckoutStep = 'login' | 'manual' | 'free' | 'chooser' | 'transfer' | 'card' | 'none';

/**
 * spec 002 §4 "Purchase flow", for a module: not signed in → login (the cart is kept);
 * hidePrice or noPrice → finalised directly; price 0 → free; cash and card → the 'Opciones de
 * Pago' chooser; cash only → transfer; card only → the provider's page in the overlay frame.
 * Card needs a provider for the country or a USD price (002 §5); a buyer from another country
 * pays by card only (002 §4 "Provider choice").
 */
export function moduleCheckoutStep(input: ModuleCheckoutInput): ModuleCheckoutStep {
  if (!input.signedIn) return 'login';
  if (input.hidePrice === 1 || input.noPrice === 1) return 'manual';
  if (input.price <= 0) return 'free';
  const card = input.payCard === 1 && (input.provider !== null || input.currency === 'USD');
  const transfer = !input.international && input.payCash === 1;
  if (input.international) return card || input.provider !== null ? 'card' : 'none';
  if (card && transfer) return 'chooser';
  if (transfer) return 'transfer';
  if (card) return 'card';
  return 'none';
}

export type ModuleFinalMode = 'manual' | 'transfer' | 'card';

/**
 * spec 002 §4 result table of save-sales-modules: hidePrice → manual-success; noPrice →
 * free-success; cash/transfer with price 0 → free-success-course; cash/transfer →
 * transfer-success-course-module; card → card-success-course.
 */
export function moduleResultRoute(input: {
  hidePrice: 0 | 1;
  noPrice: 0 | 1;
  price: number;
  mode: ModuleFinalMode;
}): ModuleResultRoute {
  if (input.hidePrice === 1) return 'manual-success';
  if (input.noPrice === 1) return 'free-success';
  if (input.mode === 'card') return 'card-success-course';
  if (input.price <= 0) return 'free-success-course';
  return 'transfer-success-course-module';
}
