import { handle } from '../../rpc.ts';

export const referenceHandlers = [
  handle('find-countries', 'public', async (input, ctx) => ({
    countries: await ctx.deps.reference.listCountries(input.userLang ?? ctx.lang),
  })),
  handle('find-states', 'public', async (input, ctx) => ({
    states: await ctx.deps.reference.listStates(input.userCountry),
  })),
  handle('find-cities', 'public', async (input, ctx) => ({
    cities: await ctx.deps.reference.listCities(input.userState),
  })),
  handle('find-currency', 'public', async (input, ctx) => ({
    currencies: await ctx.deps.reference.currenciesOf(input.userCountry),
  })),
  handle('geo-country-location', 'public', async (input, ctx) => ({
    country: ctx.deps.geoip.countryOf(input.ip ?? ctx.ip) ?? '',
  })),
];
