import { defineTexts } from '../i18n/use-texts.ts';

// Apart from the shell's dictionary (i18n/es.ts), which every page's first load carries: only the
// pages that show these texts load them (issue 13).
export const phoneInputTexts = defineTexts(
  {
    'phone.label': 'Teléfono:',
    'phone.country': 'País del teléfono',
    'phone.number': 'Número de teléfono',
    'phone.preferred': 'Frecuentes',
    'phone.all': 'Todos los países',
  },
  {
    'phone.label': 'Phone:',
    'phone.country': 'Phone country',
    'phone.number': 'Phone number',
    'phone.preferred': 'Frequent',
    'phone.all': 'All countries',
  },
);
