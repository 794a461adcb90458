// The two offline geo packages ship no types; only what the weather service uses is declared.

declare module 'zipcodes' {
  interface ZipCodeRecord {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  const zipcodes: { lookup(zip: string | number): ZipCodeRecord | undefined };
  export default zipcodes;
}

declare module 'tz-lookup' {
  /** IANA zone at a coordinate; throws on out-of-range input. */
  export default function tzLookup(latitude: number, longitude: number): string;
}
