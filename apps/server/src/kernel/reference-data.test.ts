import { describe, expect, it } from 'vitest';
import { createReferenceData } from './reference-data.ts';

const reference = createReferenceData();

describe('countries', () => {
  it('numbers the spec countries with the spec ids and names them in Spanish', async () => {
    const countries = await reference.listCountries('es');
    const byIso = new Map(countries.map((country) => [country.iso2, country]));
    expect(byIso.get('AR')).toMatchObject({ id: 5, name: 'Argentina', phoneCode: '54', currency: 'ARS' });
    expect(byIso.get('ES')).toMatchObject({ id: 28, name: 'España' });
    expect(byIso.get('US')).toMatchObject({ id: 55, name: 'Estados Unidos' });
    expect(byIso.get('BR')).toMatchObject({ id: 12, name: 'Brasil' });
    expect(countries.length).toBeGreaterThan(240);
  });

  it('gives other countries an id above the offset', async () => {
    const france = await reference.countryById((await reference.countryIdForIso('fr')) ?? 0);
    expect(france?.id).toBeGreaterThan(1000);
    expect(france?.name).toBe('Francia');
    expect(await reference.isoForCountryId(france?.id ?? 0)).toBe('FR');
  });

  it('sorts by name in the requested language', async () => {
    const spanish = (await reference.listCountries('es')).map((country) => country.name);
    expect(spanish).toEqual([...spanish].sort((a, b) => a.localeCompare(b, 'es')));
    const english = await reference.listCountries('en');
    expect(english.find((country) => country.iso2 === 'ES')?.name).toBe('Spain');
  });

  it('names in Spanish the territories the data set has no translation for', async () => {
    const countries = await reference.listCountries('es');
    expect(countries.find((country) => country.iso2 === 'FK')?.name).toBe('Islas Malvinas');
  });

  it('accepts 103 and 111 for Uruguay', async () => {
    expect(await reference.isoForCountryId(103)).toBe('UY');
    expect(await reference.isoForCountryId(111)).toBe('UY');
    expect((await reference.countryById(103))?.id).toBe(111);
    expect(await reference.countryIdForIso('UY')).toBe(111);
  });

  it('does not answer for the data set id of a spec country or an unknown id', async () => {
    expect(await reference.isoForCountryId(1011)).toBeNull();
    expect(await reference.countryById(999_999)).toBeNull();
    expect(await reference.countryIdForIso('ZZ')).toBeNull();
  });
});

describe('states and cities', () => {
  it('lists the 24 Argentine jurisdictions in Spanish', async () => {
    const names = (await reference.listStates(5)).map((state) => state.name);
    expect(names).toHaveLength(24);
    expect(names).toContain('Buenos Aires');
    expect(names).toContain('Córdoba');
    expect(names).toContain('Ciudad autónoma de Buenos Aires');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')));
  });

  it('keeps the English name where the native one is a bad translation', async () => {
    const us = (await reference.listStates(55)).map((state) => state.name);
    expect(us).toContain('Alaska');
    expect(us).not.toContain('Down');
    const uy = (await reference.listStates(111)).map((state) => state.name);
    expect(uy).toContain('Salto');
  });

  it('lists the cities of a state', async () => {
    const cordoba = (await reference.listStates(5)).find((state) => state.name === 'Córdoba');
    const names = (await reference.listCities(cordoba?.id ?? 0)).map((city) => city.name);
    expect(names).toContain('Córdoba');
    expect(names).toContain('Villa Carlos Paz');
  });

  it('finds the country of a state it has not listed yet', async () => {
    const cold = createReferenceData();
    const spain = await reference.listStates(28);
    const madrid = spain.find((state) => state.name === 'Madrid');
    expect((await cold.listCities(madrid?.id ?? 0)).map((city) => city.name)).toContain('Madrid');
  });

  it('answers empty lists for unknown ids', async () => {
    expect(await reference.listStates(999_999)).toEqual([]);
    expect(await reference.listCities(999_999_999)).toEqual([]);
  });
});

describe('currencies and time zones', () => {
  it('gives the currency of a country with its Spanish name', async () => {
    expect(await reference.currenciesOf(5)).toEqual([{ code: 'ARS', name: 'peso argentino', symbol: '$' }]);
    expect((await reference.currenciesOf(42)).map((currency) => currency.code)).toEqual(['MXN']);
    expect(await reference.currenciesOf(999_999)).toEqual([]);
  });

  it.each([
    [5, 'America/Argentina/Buenos_Aires'],
    [28, 'Europe/Madrid'],
    [55, 'America/New_York'],
    [42, 'America/Mexico_City'],
    [12, 'America/Sao_Paulo'],
    [81, 'America/Santiago'],
    [82, 'America/Bogota'],
    [111, 'America/Montevideo'],
    [999_999, 'America/Argentina/Buenos_Aires'],
  ])('gives country %i the time zone %s', async (countryId, zone) => {
    expect(await reference.defaultTimeZone(countryId)).toBe(zone);
  });
});
