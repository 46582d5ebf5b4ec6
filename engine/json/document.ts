// Parsing a document's text with limits, and mapping JSON Pointers back to line and column.
import { findNodeAtLocation, parse as parseJsonc, parseTree, printParseErrorCode, visit, type Node, type ParseError } from 'jsonc-parser';
import type { Diagnostic, Severity } from '../diagnostics';
import { parsePointer, toPointer } from './pointer';

export const MAX_DOCUMENT_CHARS = 5 * 1024 * 1024;
export const MAX_DEPTH = 64;
/** Keys that would reach object internals if a merge or patch ever assigned through them. */
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** A file's text without the byte-order mark some editors (Windows Notepad) put first: JSON parsers may ignore it, and ours do. */
export const withoutBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

export class ParsedDocument {
  private tree?: Node;
  private lineStarts?: number[];

  constructor(readonly path: string, readonly text: string, readonly value: unknown) {}

  /** 1-based line and column of an offset. */
  position(offset: number): { line: number; column: number } {
    this.lineStarts ??= lineStartsOf(this.text);
    const starts = this.lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo] + 1 };
  }

  /** Offset of the value a pointer names (or of its key), falling back to the nearest ancestor that exists. */
  offsetOf(pointer: string, atKey = false): number {
    this.tree ??= parseTree(this.text);
    if (!this.tree) return 0;
    const path = pathOfPointer(this.tree, pointer);
    for (let n = path.length; n >= 0; n--) {
      const node = findNodeAtLocation(this.tree, path.slice(0, n));
      if (!node) continue;
      // A property's value node has the property node as parent; its first child is the key.
      if (atKey && n === path.length && node.parent?.type === 'property') return node.parent.offset;
      return node.offset;
    }
    return 0;
  }

  diagnostic(pointer: string, severity: Severity, code: string, message: string, atKey = false): Diagnostic {
    const { line, column } = this.position(this.offsetOf(pointer, atKey));
    return { document: this.path, pointer, line, column, severity, code, message };
  }
}

/**
 * A pointer as a jsonc-parser path: a segment is an array index only where the tree holds an array, so
 * a key such as hex "1909" stays a key. Past the nodes the tree has, digits are taken for indices.
 */
export function pathOfPointer(tree: Node | undefined, pointer: string): (string | number)[] {
  let node = tree;
  return parsePointer(pointer).map((segment) => {
    const index = /^(0|[1-9]\d*)$/.test(segment) && (!node || node.type === 'array') ? Number(segment) : undefined;
    node = node && findNodeAtLocation(node, [index ?? segment]);
    return index ?? segment;
  });
}

function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

/** What a text over the limit is, in the unit the limit is in ("is 11.1 MiB; the limit is 5 MiB"): 2^20 characters a MiB. */
export const tooLarge = (chars: number) => `is ${(chars / 1024 / 1024).toFixed(1)} MiB; the limit is ${MAX_DOCUMENT_CHARS / 1024 / 1024} MiB`;

/**
 * Why a document's text cannot be read as one (not JSON, over the size limit, a key twice...: what the loader
 * would refuse it for, with its line and column), in words that follow its name; undefined when it can be.
 */
export function whyUnreadable(text: string): string | undefined {
  if (text.length > MAX_DOCUMENT_CHARS) return `it ${tooLarge(text.length)}`;
  const parsed = parseDocument('', text);
  if (parsed.document) return undefined;
  const [first] = parsed.diagnostics;
  const what = first.code === 'json-syntax' ? 'it is not valid JSON' : 'it cannot be read';
  return `${what} (line ${first.line}, column ${first.column}: ${first.message})`;
}

export interface ParseResult {
  document?: ParsedDocument;
  diagnostics: Diagnostic[];
}

/** A text's JSON value, or that it has none (not JSON): where a text is only compared, not checked as a document. */
export function jsonValue(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Parses strict JSON. Refuses oversized text, syntax errors, duplicate keys, reserved keys and deep nesting,
 *  each with its position; a refused document has no value. */
export function parseDocument(path: string, text: string): ParseResult {
  const at = (line: number, column: number, code: string, message: string, pointer = ''): Diagnostic => ({
    document: path, pointer, line, column, severity: 'error', code, message,
  });
  if (text.length > MAX_DOCUMENT_CHARS) {
    return { diagnostics: [at(1, 1, 'document-too-large', `document ${tooLarge(text.length)}: split it into several files of the same kind`)] };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { diagnostics: syntaxErrors(path, text) };
  }
  const doc = new ParsedDocument(path, text, value);
  const diagnostics = structuralErrors(doc);
  return diagnostics.length ? { diagnostics } : { document: doc, diagnostics };
}

function syntaxErrors(path: string, text: string): Diagnostic[] {
  const errors: ParseError[] = [];
  try {
    parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    return [{ document: path, pointer: '', line: 1, column: 1, severity: 'error', code: 'too-deep', message: `nesting too deep to parse (limit ${MAX_DEPTH} levels)` }];
  }
  const doc = new ParsedDocument(path, text, undefined);
  // One mistake often trips the parser twice at one place (a trailing comma: "property name expected", then "value expected"): the first says it.
  const first = errors.filter((e, i) => errors.findIndex((x) => x.offset === e.offset) === i);
  const found = first.map((e) => {
    const { message, offset } = syntaxMessage(text, e);
    const { line, column } = doc.position(offset);
    return { document: path, pointer: '', line, column, severity: 'error' as const, code: 'json-syntax', message };
  });
  // JSON.parse refused it, so something is wrong even if the lenient parser saw nothing.
  return found.length ? found : [{ document: path, pointer: '', line: 1, column: 1, severity: 'error', code: 'json-syntax', message: 'not valid JSON' }];
}

/** A syntax error in words, with what stands there and where; the mistakes people make most named as such (a trailing comma at the comma). */
function syntaxMessage(text: string, e: ParseError): { message: string; offset: number } {
  const at = (message: string, offset = e.offset) => ({ message, offset });
  if (e.offset === 0 && text.charCodeAt(0) === 0xfeff) return at('the text begins with a byte-order mark, an invisible character some editors put first: remove it');
  if (text.trim() === '') return at('the file is empty: a document is a JSON object, {} at the least');
  if (e.offset >= text.trimEnd().length) return at('the text ends before the JSON does: a closing } or ] is missing, or the file was cut off');
  const before = text.slice(0, e.offset).trimEnd();
  if (before.endsWith(',') && /^[}\]]/.test(text.slice(e.offset))) return at(`a comma before "${text[e.offset]}", which JSON does not allow: remove the comma`, before.length - 1);
  const token = text.slice(e.offset, e.offset + Math.min(Math.max(e.length, 1), 20));
  // A string is shown as written, its own quotes enough (JSON.stringify would escape them: "\"abilities\""), one cut
  // short ending in "…"; anything else quoted, its control characters escaped.
  const near = token.startsWith('"') && !/[\u0000-\u001f]/.test(token) ? (token.length > 1 && token.endsWith('"') ? token : `${token}…`) : JSON.stringify(token);
  return at(`${describeParseError(printParseErrorCode(e.error))} at ${near}`);
}

const describeParseError = (code: string) =>
  code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().replace(/^invalid symbol$/, 'unexpected character');

/** Duplicate keys (which JSON.parse silently drops), reserved keys, and nesting depth, in one streaming pass. */
function structuralErrors(doc: ParsedDocument): Diagnostic[] {
  const found: Diagnostic[] = [];
  const keyStack: Set<string>[] = [];
  let tooDeep = false;
  const tooDeepAt = (offset: number, pointer: string) => {
    tooDeep = true;
    const { line, column } = doc.position(offset);
    found.push({ document: doc.path, pointer, line, column, severity: 'error', code: 'too-deep', message: `nesting deeper than ${MAX_DEPTH} levels` });
  };
  const enter = (offset: number, pathSupplier: () => (string | number)[]) => {
    keyStack.push(new Set());
    if (keyStack.length > MAX_DEPTH && !tooDeep) tooDeepAt(offset, toPointer(pathSupplier()));
  };
  try {
    walk(doc, keyStack, found, enter);
  } catch (e) {
    // The streaming parser recurses; absurd nesting exhausts the stack before our own limit is seen.
    if (!(e instanceof RangeError)) throw e;
    if (!tooDeep) tooDeepAt(0, '');
  }
  return found;
}

function walk(doc: ParsedDocument, keyStack: Set<string>[], found: Diagnostic[], enter: (offset: number, path: () => (string | number)[]) => void) {
  visit(doc.text, {
    onObjectBegin: (offset, _l, _sl, _sc, pathSupplier) => enter(offset, pathSupplier),
    onObjectEnd: () => void keyStack.pop(),
    onArrayBegin: (offset, _l, _sl, _sc, pathSupplier) => enter(offset, pathSupplier),
    onArrayEnd: () => void keyStack.pop(),
    onObjectProperty: (key, offset, _l, _sl, _sc, pathSupplier) => {
      const keys = keyStack[keyStack.length - 1];
      const problem = RESERVED_KEYS.has(key)
        ? { code: 'reserved-key', message: `key "${key}" is reserved: rename it` }
        : keys.has(key)
          ? { code: 'duplicate-id', message: `"${key}" appears twice in the same object; JSON keeps only the last` }
          : undefined;
      if (problem) {
        const { line, column } = doc.position(offset);
        found.push({ document: doc.path, pointer: toPointer([...pathSupplier(), key]), line, column, severity: 'error', ...problem });
      }
      keys.add(key);
    },
  });
}
