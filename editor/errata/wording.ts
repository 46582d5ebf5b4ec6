// How the workbench names a ruleset's own patch sets, as a test game's header does: a ruleset's are its
// errata, but a variant's are its differences from the ruleset it extends ("patch sets over 2ww"), not
// errata to it.

export interface PatchSetWords {
  /** The Errata view's name in the workbench. */
  view: string;
  /** One of the ruleset's own patch sets. */
  one: string;
  /** "save as errata": what an edit of the resolved ruleset is saved as. */
  saveAs: string;
  /** What the resolved ruleset being edited waits for, as the header names it. */
  pending: string;
  /** The form's placeholder for a new one's title. */
  titleHint: string;
}

/** The words for ruleset patch sets, given the ruleset it extends (null for none). */
export function patchSetWords(over: string | null | undefined): PatchSetWords {
  if (!over) return { view: 'Errata and variants', one: 'erratum', saveAs: 'errata', pending: 'save it as errata, or discard it', titleHint: 'Errata of 2019-03' };
  return { view: 'Patch sets and variants', one: 'patch set', saveAs: `a patch set over ${over}`, pending: `save it as a patch set over ${over}, or discard it`, titleHint: 'Faster armor' };
}
