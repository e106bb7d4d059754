// US ZIP code -> city and state, from the `zipcodes` npm package (data shipped in the package, no network).
import { createRequire } from 'node:module';

interface ZipPlace {
  zip: string;
  city: string;
  state: string;
  country: string;
}
interface ZipcodesModule {
  lookup: (zip: string) => ZipPlace | undefined;
}

let zipcodes: ZipcodesModule | null = null;

/** The package is CommonJS with a ~5 MB table: required on first use, then kept. */
function dataSet(): ZipcodesModule {
  if (!zipcodes) zipcodes = createRequire(import.meta.url)('zipcodes') as ZipcodesModule;
  return zipcodes;
}

/** City and state of a 5-digit US ZIP code, or null when the data set does not know it. */
export function lookupZip(zip: string): { city: string; state: string } | null {
  if (!/^\d{5}$/.test(zip)) return null;
  const place = dataSet().lookup(zip);
  if (!place || place.country !== 'US' || !place.city || !place.state) return null;
  return { city: place.city, state: place.state };
}
