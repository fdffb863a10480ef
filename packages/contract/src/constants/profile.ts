/** spec 001 §9's longest free text (5000), for the bio's HTML as the editor sends it. */
export const bioMaxLength = 5000;
/** spec 002 §5: business name at most 250 characters. */
export const businessNameMaxLength = 250;
/** The short link /go/{nickname} (issue 18). */
export const nicknameLimits = { min: 3, max: 30 } as const;
