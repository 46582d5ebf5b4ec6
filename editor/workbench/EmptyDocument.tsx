'use client';
// A document with no text yet (listed in the manifest before it was written, or emptied): said plainly, with
// a way to start it from the smallest valid document of its kind rather than from a blank page.
import { skeletonText } from '@/engine/schema/skeletons';
import { DOCUMENT_KINDS, type DocumentKind } from '@/engine/schema/kinds';
import type { DocState } from './workspace';

export const isEmptyDocument = (d: DocState) => d.text.trim() === '';

const isDocumentKind = (kind: string): kind is DocumentKind => (DOCUMENT_KINDS as readonly string[]).includes(kind);

export function EmptyDocument({ doc, schemas, onStart }: {
  doc: DocState;
  /** The schemas folder as the ruleset's folder names it (relative to it, or a file: URL), for the skeleton's `$schema`. */
  schemas: string;
  /** Replaces the document's text (one undoable edit). */
  onStart: (text: string) => void;
}) {
  const kind = doc.kind;
  const state = doc.file === null ? 'does not exist yet' : 'is empty';
  return (
    <p className="wb-empty-doc" data-testid="empty-document">
      {isDocumentKind(kind) ? (
        <>
          {doc.path} {state}: start it from a skeleton.{' '}
          <button onClick={() => onStart(skeletonText(kind, doc.path, schemas))} title={`The smallest valid ${kind} document, its placeholders marked provisional`}>
            Start from a skeleton
          </button>
        </>
      ) : (
        <>
          {doc.path} {state}: write it below.
        </>
      )}
    </p>
  );
}
