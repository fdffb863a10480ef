import { describe, expect, it } from 'vitest';
import { birthDateProblem, insuranceApplies, isDisposableEmail } from './contacts.ts';

const today = { year: 2026, month: 11, day: 22 };

describe('birthDateProblem (spec 001 §5, §8 E16–E19)', () => {
  it.each([
    [{}, 'E16'],
    [{ year: 1990, month: 5 }, 'E16'],
    [{ year: 1990, month: 13, day: 1 }, 'E17'],
    [{ year: 1990, month: 2, day: 30 }, 'E17'],
    [{ year: 2023, month: 2, day: 29 }, 'E17'],
    [{ year: 1990, month: 4, day: 31 }, 'E17'],
    [{ year: 1899, month: 1, day: 1 }, 'E18'],
    [{ year: 2026, month: 11, day: 23 }, 'E18'],
    [{ year: 2008, month: 11, day: 23 }, 'E19'],
    [{ year: 2020, month: 1, day: 1 }, 'E19'],
    [{ year: 2008, month: 11, day: 22 }, null],
    [{ year: 2024, month: 2, day: 29 }, 'E19'],
    [{ year: 1940, month: 1, day: 1 }, null],
    [{ year: 1988, month: 2, day: 29 }, null],
  ] as const)('%j → %s', (birth, expected) => {
    expect(birthDateProblem(birth, today)).toBe(expected);
  });
});

describe('insuranceApplies (spec 001 §2.2: both countries 5)', () => {
  it.each([
    [5, 5, true],
    [5, 55, false],
    [55, 5, false],
    [5, null, false],
  ] as const)('professional %s, contact %s → %s', (prof, contact, expected) => {
    expect(insuranceApplies(prof, contact)).toBe(expected);
  });
});

describe('isDisposableEmail (spec 001 §8 E4)', () => {
  it.each([
    ['ana@yopmail.com', true],
    ['ANA@Mailinator.com', true],
    ['ana@eu.mailinator.com', true],
    ['ana@gmail.com', false],
    ['ana@notyopmail.com', false],
  ] as const)('%s → %s', (address, expected) => {
    expect(isDisposableEmail(address)).toBe(expected);
  });
});
