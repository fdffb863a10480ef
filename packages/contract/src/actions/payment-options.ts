import { z } from 'zod';
import { action, ok } from '../action.ts';

const Flag = z.preprocess(
  (v) => (v === true || v === '1' ? 1 : v === false || v === '0' ? 0 : v),
  z.union([z.literal(0), z.literal(1)], { error: 'E1' }),
);

const Switches = z.object({
  payCard: z.boolean(),
  payCash: z.boolean(),
  payMoney: z.boolean(),
  notifyDebt: z.boolean(),
});

const Options = {
  payCard: z.union([z.literal(0), z.literal(1)]),
  payCash: z.union([z.literal(0), z.literal(1)]),
  payMoney: z.union([z.literal(0), z.literal(1)]),
  notifyDebt: z.union([z.literal(0), z.literal(1)]),
};

/**
 * spec 002 §7 find-user-payment-options: the signed-in professional's own options (the defaults
 * of §9 until saved), which switches may be on (§9 rules), and whether their own gateway is set.
 */
export const findUserPaymentOptions = action('find-user-payment-options', {
  input: z.object({
    mode: z.union([z.string(), z.number()]).optional(),
    /** The panel embedded for a booking (hideDetails) passes its modality: '1' turns transfer off. */
    modality: z.union([z.string(), z.number()]).optional(),
    hideDetails: z.boolean().optional(),
  }),
  output: ok({
    ...Options,
    enabled: Switches,
    userCountry: z.number().int(),
    hasGatewayKeys: z.boolean(),
  }),
});

/** spec 002 §7 update-user-payment-options; answers the options as saved (disabled ones off). */
export const updateUserPaymentOptions = action('update-user-payment-options', {
  input: z.object({ payCash: Flag, payCard: Flag, payMoney: Flag, notifyDebt: Flag }),
  output: ok({ ...Options, message: z.literal('Metodos de pagos actualizados para el usuario.') }),
});
