export { COUNTRY_CODES, isCountryCode, type CountryCode } from './countries';
export { CountryFlag } from './country-flag';
export { useCountries, useCountryName, type Country } from './use-countries';
export { CountryLinks } from './components/country-links';
