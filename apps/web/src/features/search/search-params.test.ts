import { describe, expect, it } from 'vitest';
import { activeFilterCount, filtersFromParams, paramsFromFilters, searchInputOf } from './search-params.ts';

const parse = (query: string, mode: Parameters<typeof filtersFromParams>[1] = 'search') =>
  filtersFromParams(new URLSearchParams(query), mode);

describe('search filters in the URL (spec 000 §2.2)', () => {
  it('reads every optional parameter', () => {
    expect(
      parse(
        'type=sintomas&ref=3&q=ansiedad&country=42&state=3456&city=99&langEs=1&langFr=1&today=1&gender=2&modality=1',
      ),
    ).toEqual({
      type: 'sintomas',
      ref: 3,
      q: 'ansiedad',
      country: 42,
      state: 3456,
      city: 99,
      languages: ['langEs', 'langFr'],
      today: true,
      gender: 2,
      modality: 1,
    });
  });

  it('ignores junk instead of failing', () => {
    expect(parse('type=otra&ref=-1&country=ar&gender=7&today=yes&langEn=0')).toEqual({
      languages: [],
      today: false,
    });
  });

  it('drops a state without its country and a city without its state', () => {
    expect(parse('state=4&city=9')).toEqual({ languages: [], today: false });
    expect(parse('country=5&city=9')).toEqual({ country: 5, languages: [], today: false });
  });

  it('the terapias and sintomas routes imply their type', () => {
    expect(parse('ref=2', 'terapias')).toMatchObject({ type: 'terapias', ref: 2 });
    expect(parse('type=terapias&ref=2', 'sintomas')).toMatchObject({ type: 'sintomas', ref: 2 });
    expect(
      paramsFromFilters({ type: 'sintomas', ref: 2, languages: [], today: false }, 'sintomas').toString(),
    ).toBe('ref=2');
  });

  it('round-trips in the spec order and leaves empty filters out', () => {
    const query = 'type=terapias&ref=1&country=5&state=3641&langEs=1&langEn=1&today=1&gender=1';
    expect(paramsFromFilters(parse(query), 'search').toString()).toBe(query);
    expect(paramsFromFilters({ languages: [], today: false }, 'search').toString()).toBe('');
  });

  it('counts the drawer filters and builds the action input', () => {
    const filters = parse('country=5&langEs=1&langPo=1&today=1&q=yoga');
    expect(activeFilterCount(filters)).toBe(4);
    expect(searchInputOf(filters, 'America/Mexico_City')).toEqual({
      userTime: 'America/Mexico_City',
      text: 'yoga',
      country: 5,
      langEs: true,
      langPo: true,
      today: true,
    });
  });
});
