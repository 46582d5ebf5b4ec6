// The document kinds of a ruleset and the top-level keys each contributes to the resolved ruleset.

/** The manifest's path inside a ruleset's folder: it lists the other documents. */
export const MANIFEST = 'ruleset.json';

export const DOCUMENT_KEYS = {
  units: ['unitTypes', 'roster'],
  tables: ['tables'],
  map: ['map'],
  setup: ['scenarios'],
  sequence: ['sequence'],
  victory: ['victory'],
  rules: ['triggers', 'specialRules', 'constants', 'conflicts'],
  facts: ['facts'],
} as const;

export type DocumentKind = keyof typeof DOCUMENT_KEYS;
export const DOCUMENT_KINDS = Object.keys(DOCUMENT_KEYS) as DocumentKind[];
