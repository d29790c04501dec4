// Who the imported records come from, and what this service adds: said once, and
// repeated where the data is read (status.json, the OpenAPI document, the pages
// for people, each imported record's provenance). The Space Devs' terms ask that
// their data be used to add value, and encourage attribution.

export const DATA_CREDIT = {
  /** How every place names the source. */
  name: 'Launch Library 2 by The Space Devs',
  url: 'https://thespacedevs.com/llapi',
  terms:
    "Free to use, share and build on; add value rather than forward the data as it is; attribution encouraged (The Space Devs' terms of use).",
  /** What this service adds to the data it republishes. */
  adds: 'No key and no rate limit; a copy anyone can host, mirror or download; corrections by pull request with review; calendar feeds; a schedule page.',
} as const;
