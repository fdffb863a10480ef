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

/**
 * spec 002 §3 "Local payment gateway config" as the browser may see it: the keys only masked
 * (the last four characters), never in clear.
 */
const GatewayConfig = {
  status: z.literal('200'),
  pasarela: z.number().int(),
  secretKey: z.string(),
  publicKey: z.string(),
  checked: z.boolean(),
  currency: z.string().nullable(),
  userCountry: z.number().int(),
};

/** spec 002 §7 find-local-payments: the professional's Mercado Pago (pasarela 3). */
export const findLocalPayments = action('find-local-payments', {
  input: z.object({}),
  output: z.object(GatewayConfig),
});

/** spec 002 §7 find-global-payments: the professional's PayPal (pasarela 4). */
export const findGlobalPayments = action('find-global-payments', {
  input: z.object({}),
  output: z.object(GatewayConfig),
});

const gatewayKeyErrors = {
  E2: { es: 'Debes ingresar la clave pública.', en: 'Enter the public key.', field: 'publicKey' },
  E3: { es: 'Debes ingresar la clave secreta.', en: 'Enter the secret key.', field: 'secretKey' },
};
const GatewayKeys = z.object({
  publicKey: z.string({ error: 'E2' }).trim().min(1, 'E2').max(300, 'E2'),
  secretKey: z.string({ error: 'E3' }).trim().min(1, 'E3').max(300, 'E3'),
});

/** The professional's own Mercado Pago keys (my-charges), kept encrypted at rest. */
export const updateLocalPayments = action('update-local-payments', {
  input: GatewayKeys,
  output: z.object(GatewayConfig),
  errors: gatewayKeyErrors,
});

/** The professional's own PayPal keys (my-charges), kept encrypted at rest. */
export const updateGlobalPayments = action('update-global-payments', {
  input: GatewayKeys,
  output: z.object(GatewayConfig),
  errors: gatewayKeyErrors,
});
