import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

// A calm deep teal; shade 7 keeps white text above 4.5:1 contrast.
const brand: MantineColorsTuple = [
  '#e6f7f8',
  '#cdeef0',
  '#9cdce1',
  '#67c9d1',
  '#3db8c3',
  '#22a9b5',
  '#119aa7',
  '#0b7a86',
  '#086a75',
  '#045a63',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
  headings: {
    fontWeight: '700',
    sizes: {
      h1: { fontSize: '2rem', lineHeight: '1.2' },
      h2: { fontSize: '1.5rem', lineHeight: '1.25' },
      h3: { fontSize: '1.2rem', lineHeight: '1.3' },
    },
  },
  focusRing: 'auto',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { size: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
    Notification: { defaultProps: { withBorder: true } },
  },
});

/**
 * Mantine's default error red (red 6) is 3.6:1 on white, below WCAG AA for the small text under
 * fields; red 9 is above 5:1. The light variant's brand text (shade 7 on its own tint: 4.2:1 on
 * the badges of the service and course pages) takes shade 9, above 7:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-brand-light-color': 'var(--mantine-color-brand-9)',
  },
  dark: {},
});
