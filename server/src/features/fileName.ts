// What the server makes of a document by its name: one named exactly as Mars's files are is served;
// one named so in other letter cases (`Mars.toml`, which the client's selector takes too) is served
// only where Mars reads it, and told why either way, as the checker tells of such a file
// (analysis/fileName.ts has the words).

import { CodeActionKind, DiagnosticSeverity, type CodeAction, type CodeActionContext, type Diagnostic, type Range } from 'vscode-languageserver';
import { wants } from './codeActions';
import { notReadWhy, readHere, readWhere } from '../analysis/fileName';
import { DIAGNOSTIC_SOURCE, marsName, type MarsFileName } from '../protocol';

/**
 * Whether Mars, opening `name` in the folder of the document at `uri`, gets the document's file: true
 * on a file system that does not tell case apart, false on one that does, `'another'` where a file of
 * the exact name is beside it (which Mars reads in its place), undefined where the host cannot tell (a
 * browser, an `untitled:` document, a file not saved yet). The Node entry asks the file system; the
 * core has none.
 */
export type ReadByMars = (uri: string, name: MarsFileName) => boolean | 'another' | undefined;

/**
 * What the server does with a Mars file: `served` with every feature, with a diagnostic at its start
 * (or none); else that diagnostic alone. `rename`: the name Mars opens and the document's URI under
 * it, where renaming the file is the fix (`renameAction`).
 */
export type NameCheck = (
  | { readonly served: true; readonly diagnostic: Diagnostic | null }
  | { readonly served: false; readonly diagnostic: Diagnostic }
) & { readonly rename: { readonly name: MarsFileName; readonly uri: string } | null };

const EXACT: NameCheck = { served: true, diagnostic: null, rename: null };

/**
 * What the server does with the document at `uri` by its name; null for a name not of Mars's files.
 * One named in other letter cases that Mars reads here (the file system does not tell case apart)
 * is served as one named exactly, with a note that Mars would not read it on Linux's, as the
 * checker checks it with that note. One Mars does not read here gets a warning and nothing else, as
 * the checker passes it over: findings in a file Mars does not read would be fixed to no effect,
 * and a file without any would seem checked and fine. The same where the server cannot tell (the
 * warning says so): a repository's file is read on Linux too (most CI, most servers), where Mars
 * passes it over, and renaming it, the fix on every system, serves it in full.
 */
export function nameCheck(uri: string, readByMars?: ReadByMars): NameCheck | null {
  const named = marsName(uri);
  if (named === null) return null;
  if (named.exact) return EXACT;
  const read = readByMars?.(uri, named.name);
  const is = `This file is named ${named.written}, not ${named.name}`;
  const message = read === true ? `${is}: ${readHere('it')}`
    : read === false ? `${is}: Mars does not read it, and it is not checked (${notReadWhy('it')})`
    // Renaming it would clash with that file: Mars reads the one beside it.
    : read === 'another' ? `${is}: Mars reads the ${named.name} beside it in its place, and this file is not checked`
    : `${is}, and it is not checked: ${readWhere('it')}`;
  const diagnostic: Diagnostic = {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: read === true ? DiagnosticSeverity.Information : DiagnosticSeverity.Warning,
    source: DIAGNOSTIC_SOURCE,
    message,
  };
  // Not onto the file Mars reads in its place, and an `untitled:` document has no file to rename (saved, it is named anew).
  const rename = read === 'another' || uri.startsWith('untitled:') ? null : { name: named.name, uri: renamed(uri, named.name) };
  return read === true ? { served: true, diagnostic, rename } : { served: false, diagnostic, rename };
}

/** `uri` with its last path segment (the file's name) written `name`. */
function renamed(uri: string, name: string): string {
  const end = uri.search(/[?#]|$/);
  const slash = uri.lastIndexOf('/', end - 1);
  return `${uri.slice(0, slash + 1)}${name}${uri.slice(end)}`;
}

/**
 * The quick fix of a file named in other letter cases: rename it to the name Mars opens, which makes
 * it read on every file system (a workspace edit's rename operation, LSP 3.13; `overwrite: false`,
 * so it never replaces a file: a case-only rename is one file's, which VS Code renames in place).
 * Offered where the request is about its diagnostic: the range at the file's start, where it is
 * shown, or that diagnostic among the context's.
 */
export function renameAction(uri: string, check: NameCheck, range: Range, context: CodeActionContext): CodeAction | null {
  const { rename, diagnostic } = check;
  if (!rename || !diagnostic) return null;
  if (!wants(Array.isArray(context.only) ? context.only : undefined, CodeActionKind.QuickFix)) return null;
  const about = range.start.line === 0 || (Array.isArray(context.diagnostics) && context.diagnostics.some((d) => d?.source === DIAGNOSTIC_SOURCE && d.message === diagnostic.message));
  if (!about) return null;
  return {
    title: `Rename this file to \`${rename.name}\``,
    kind: CodeActionKind.QuickFix,
    diagnostics: [diagnostic],
    isPreferred: true,
    edit: { documentChanges: [{ kind: 'rename', oldUri: uri, newUri: rename.uri, options: { overwrite: false, ignoreIfExists: false } }] },
  };
}
