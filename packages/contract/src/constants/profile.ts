/** spec 001 §9's longest free text (5000), for the bio's HTML as the editor sends it. */
export const bioMaxLength = 5000;
/** spec 002 §5: business name at most 250 characters. */
export const businessNameMaxLength = 250;
/** The short link /go/{nickname} (issue 18). */
export const nicknameLimits = { min: 3, max: 30 } as const;

/**
 * spec 000 §2.2 change-logo-square, change-logo-rectangle, change-sign: images of the profile,
 * uploaded through /upload/profile-image. The logos are public (the public page, the card of a
 * shared link); the signature is private to its owner (it goes on their documents).
 */
export const profileImageKinds = ['logo-square', 'logo-rectangle', 'sign'] as const;
export type ProfileImageKind = (typeof profileImageKinds)[number];
export const profileImageLimits = { maxBytes: 5 * 1024 * 1024 } as const;

/** change-user-certificate: a diploma or licence as an image or a PDF, shown on the public page. */
export const certificateLimits = { maxBytes: 10 * 1024 * 1024, titleMin: 3, titleMax: 120 } as const;

/** getSellerPublish/{ref}/{ref2}/{colorActive?}: the public page's colour themes. */
export const publicPageColors = [
  'teal',
  'blue',
  'violet',
  'grape',
  'pink',
  'orange',
  'green',
  'dark',
] as const;
export type PublicPageColor = (typeof publicPageColors)[number];
