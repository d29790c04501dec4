// ISO 3166-1 countries by alpha-3 code, for LL2 2.2.0 bodies that name a country
// only by its code (`country_code: "USA"`, sometimes a comma-separated list). LL2's
// country ids are not in those bodies; the importer matches the code against our
// countries and gives a new one an id of ours. The table is i18n-iso-countries'
// (English names), loaded on first use.

import { createRequire } from 'node:module';
import type { JsonObject } from '../model/records.ts';

const require = createRequire(import.meta.url);

interface CountryTable {
  alpha3ToAlpha2(code: string): string | undefined;
  getName(code: string, lang: string): string | undefined;
}

let table: CountryTable | undefined;
function countries(): CountryTable {
  if (!table) {
    const loaded = require('i18n-iso-countries') as CountryTable & { registerLocale(locale: unknown): void };
    loaded.registerLocale(require('i18n-iso-countries/langs/en.json'));
    table = loaded;
  }
  return table;
}

/** A country record (without an id) for an ISO alpha-3 code, or undefined for a code that is not one ("???"). */
export function countryByAlpha3(code: string): JsonObject | undefined {
  const alpha3 = code.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(alpha3)) return undefined;
  const alpha2 = countries().alpha3ToAlpha2(alpha3);
  const name = countries().getName(alpha3, 'en');
  if (!alpha2 || !name) return undefined;
  return { name, alpha_2_code: alpha2, alpha_3_code: alpha3 };
}

/** The codes of a `country_code` value: `"FRA,RUS"` → `["FRA", "RUS"]`. */
export const countryCodes = (value: string): string[] =>
  value
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '');
