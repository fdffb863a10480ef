import { z } from 'zod';
import { action, ok } from '../action.ts';
import { IsoDate } from '../shapes/availability.ts';
import { Coupon } from '../shapes/bookings.ts';
import { Ref } from './fields.ts';

const couponErrors = {
  E40: {
    es: 'El código debe tener entre 3 y 20 letras o números, sin espacios.',
    en: 'The code must have 3 to 20 letters or digits, no spaces.',
    field: 'code',
  },
  E41: {
    es: 'Elige si el descuento es un porcentaje o un monto.',
    en: 'Choose a percentage or an amount.',
    field: 'kind',
  },
  E42: {
    es: 'El descuento debe ser un porcentaje entre 1 y 100 o un monto mayor a cero.',
    en: 'The discount must be a percentage from 1 to 100 or an amount above zero.',
    field: 'value',
  },
  E43: { es: 'Debes ingresar las fechas de vigencia.', en: 'Enter the validity dates.', field: 'validFrom' },
  E44: {
    es: 'La fecha de fin no puede ser anterior a la de inicio.',
    en: 'The end date cannot be before the start date.',
    field: 'validTo',
  },
  E45: {
    es: 'El límite de usos debe ser entre 1 y 100000.',
    en: 'The usage limit must be 1 to 100000.',
    field: 'usageLimit',
  },
  E46: {
    es: 'Ya tienes un cupón con ese código.',
    en: 'You already have a coupon with that code.',
    field: 'code',
  },
  E47: { es: 'No encontramos el cupón.', en: 'Coupon not found.' },
};

export const findCoupons = action('find-coupons', {
  input: z.object({}),
  output: ok({ coupons: z.array(Coupon) }),
  errors: couponErrors,
});

export const saveCoupon = action('save-coupon', {
  input: z
    .object({
      ref: Ref.optional(),
      code: z
        .string({ error: 'E40' })
        .trim()
        .regex(/^[A-Za-z0-9]{3,20}$/, 'E40'),
      kind: z.enum(['percent', 'amount'], { error: 'E41' }),
      value: z.number({ error: 'E42' }).positive('E42').max(99_999_999, 'E42'),
      validFrom: IsoDate.or(z.literal('')).refine((v) => v !== '', 'E43'),
      validTo: IsoDate.or(z.literal('')).refine((v) => v !== '', 'E43'),
      usageLimit: z
        .number({ error: 'E45' })
        .int('E45')
        .min(1, 'E45')
        .max(100_000, 'E45')
        .nullable()
        .default(null),
    })
    .superRefine((c, ctx) => {
      if (c.kind === 'percent' && (c.value > 100 || !Number.isInteger(c.value))) {
        ctx.addIssue({ code: 'custom', message: 'E42', path: ['value'] });
      }
      if (c.validFrom && c.validTo && c.validTo < c.validFrom) {
        ctx.addIssue({ code: 'custom', message: 'E44', path: ['validTo'] });
      }
    }),
  output: ok({ coupon: Coupon }),
  errors: couponErrors,
});

export const deleteCoupon = action('delete-coupon', {
  input: z.object({ ref: Ref }),
  output: ok({}),
  errors: couponErrors,
});
