import { z } from 'zod';
import { ok } from '../action.ts';
import { Lang, UserType } from '../actions/fields.ts';

export const UserInfo = z.object({
  ref: z.string(),
  userType: UserType,
  userFirstName: z.string(),
  userLastName: z.string(),
  userMail: z.string(),
  userImg: z.string().nullable(),
  userPhone: z.string().nullable(),
  userCountry: z.number().int(),
  userTimeZone: z.string(),
  userLang: Lang,
  emailVerified: z.boolean(),
  pendingMail: z.string().nullable(),
});

/** Answer of the multipart avatar upload (POST /upload/avatar, field `image`). */
export const AvatarUploadResult = ok({ userImg: z.string() });
export const avatarLimits = {
  maxBytes: 5_000_000,
  mimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
} as const;
