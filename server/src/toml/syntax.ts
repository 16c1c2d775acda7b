// TOML syntax errors. The verdict comes from smol-toml (a well-kept, spec-tested parser), run on
// each section alone, so an error in one section cannot hide another section's (and the document
// analysis re-checks only the sections an edit touched). What a per-section check cannot see, two
// sections defining the same table or value, is checked on what each section defines (tables.ts).
// smol-toml reads TOML 1.1 and Mars TOML 1.0, so in a section it accepts, what TOML 1.1 added is an
// error too (toml11.ts), with the TOML 1.0 text that means the same; and so is what reaches the
// recursion limit of Mars's parser (noted by the model parser), which smol-toml's passes.

import { RECURSION_LIMIT, type Comment, type Key, type KeyValue, type Section, type Span, type SyntaxProblem, type TomlDocument } from './model';
import { lineEndAt, lineStartAt, newLineOf } from './lineIndex';
import { checkSection } from './smolVerdict';
import { stringEnd } from './stringPositions';
import { explainError } from './syntaxMessages';
import { quoted } from '../grammar/text';
import { inlineTableOnOneLine, jsonObjectOnOneLine, toml11Constructs, type Toml11Construct } from './toml11';
import { EACH_UNREAD, isUnreadBlank, unreadFixedAs } from './unreadBlanks';


const NO_PROBLEMS: readonly SyntaxProblem[] = [];

/** smol-toml's verdict on each section of the document, and what Mars's parser refuses besides (TOML 1.1's additions, its limits), placed in the document. */
export function syntaxProblems(doc: TomlDocument): SyntaxProblem[] {
  const problems: SyntaxProblem[] = [];
  // The model's notes, in text order, taken section by section.
  let deep = 0;
  let long = 0;
  for (const section of doc.sections) {
    const end = section.span.end;
    const deepFrom = deep;
    const longFrom = long;
    while (deep < doc.tooDeep.length && doc.tooDeep[deep]!.start < end) deep++;
    while (long < doc.longKeys.length && doc.longKeys[long]!.span.start < end) long++;
    // smol-toml skips a BOM, once, as toml_edit does (a second is an error); the rest reads past it.
    const verdict = checkSection(doc.text.slice(section.span.start, end));
    const bom = section.span.start === 0 && doc.text.charCodeAt(0) === 0xfeff ? 1 : 0;
    const start = section.span.start + bom;
    const text = doc.text.slice(start, end);
    // Most sections reach no limit: no list is made for them.
    const limits: readonly SyntaxProblem[] = deep === deepFrom && long === longFrom ? NO_PROBLEMS : [
      ...doc.tooDeep.slice(deepFrom, deep).map((span) => ({
        span,
        message: `TOML syntax error: lists and inline tables nested ${RECURSION_LIMIT} deep: Mars's TOML parser stops at ${RECURSION_LIMIT - 1} levels (its recursion limit) and cannot load the file`,
      })),
      ...doc.longKeys.slice(longFrom, long).map((key) => ({
        span: key.span,
        message: `TOML syntax error: a key of ${key.parts.length} parts: Mars's TOML parser takes at most ${RECURSION_LIMIT - 1} (its recursion limit) and cannot load the file`,
      })),
    ];
    if (verdict.error) {
      for (const p of firstError(doc, section, text, start, Math.max(0, verdict.error.offset - bom), verdict.error.message, limits)) problems.push(p);
      continue;
    }
    for (const c of toml11Constructs(text)) problems.push(placed(c, start));
    for (const p of limits) problems.push(p);
  }
  return problems;
}


const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

// One character (a whole surrogate pair) at the error; at a line's end or the text's end (an
// unterminated string, an unclosed list), the last character before it, so the squiggle shows where
// the thing was left open.
/** A TOML 1.1 construct found in the text from `start`, as a problem of the document. */
function placed(c: Toml11Construct, start: number, unreadableFrom?: number): SyntaxProblem {
  const at = (span: Span) => ({ start: start + span.start, end: start + span.end });
  return {
    span: at(c.span),
    message: `TOML syntax error: ${c.message}`,
    rewrite: c.rewrite && { title: c.rewrite.title, span: at(c.rewrite.span), newText: c.rewrite.newText },
    unreadableFrom,
  };
}

/**
 * The error of a section smol-toml stopped reading at `offset` of `text` (which starts at `start`).
 * Mars's parser stops at the first error; before smol-toml's, it may meet what TOML 1.1 added
 * (most often an inline table left open at a line break, which smol-toml reads on from until
 * something cannot be in a table), or one of its `limits` (the section's, in text order), which
 * smol-toml passes. A token cut off at the error is not judged.
 */
function firstError(doc: TomlDocument, section: Section, text: string, start: number, offset: number, message: string, limits: readonly SyntaxProblem[]): SyntaxProblem[] {
  const unreadableFrom = start + offset;
  const earlier = toml11Constructs(text.slice(0, offset)).filter((c) => c.span.end < offset);
  const first = earlier.reduce<Toml11Construct | undefined>((a, c) => (a && a.span.start <= c.span.start ? a : c), undefined);
  const limit = limits.reduce<SyntaxProblem | undefined>((a, p) => (p.span.start < unreadableFrom && (!a || p.span.start < a.span.start) ? p : a), undefined);
  if (limit && (!first || limit.span.start < start + first.span.start)) return [{ ...limit, unreadableFrom }];
  const said = () => {
    const e = explainError(doc.text, section, unreadableFrom, message);
    return { span: e.span ?? errorSpan(doc.text, e.at ?? unreadableFrom), message: `TOML syntax error: ${e.message}`, ...(e.related ? { related: e.related } : {}), ...(e.rewrite ? { rewrite: e.rewrite } : {}), unreadableFrom };
  };
  if (first) {
    const table = !first.rewrite && isUnreadBlank(text.charCodeAt(offset)) ? inlineTableWithUnread(text, first) : null;
    if (table) return [placed(table, start, unreadableFrom), said()];
    // An object as JSON writes one over lines (`"allow": [...]`), where smol-toml stopped: written on one line as TOML.
    const json = !first.rewrite && text[first.span.start] === '{' ? jsonObjectOnOneLine(text, first.span.start) : null;
    return [placed(json ? { ...first, rewrite: json } : first, start, unreadableFrom)];
  }
  const again = REDEFINED.test(message) ? redefinition(doc, section.entries, unreadableFrom) : null;
  if (again) return [{ ...again, unreadableFrom }];
  return [said()];
}

/**
 * An inline table over lines that smol-toml stopped reading inside, at what TOML does not read as a
 * blank (`allowed = ["read"],<U+00A0>` then a line break): cut there, it was closed on no line, so
 * said with no rewrite. Where the section is valid with each of them a space (so they are its only
 * errors), the table as the section without them shows it, its rewrite made of the table with each
 * written as its fix writes it (a space, nothing where invisible, a line break): the character
 * has its own error (and fix) beside it.
 */
function inlineTableWithUnread(text: string, cut: Toml11Construct): Toml11Construct | null {
  const spaced = text.replace(EACH_UNREAD, ' '); // one UTF-16 unit each: offsets hold
  if (checkSection(spaced).error) return null;
  const table = toml11Constructs(spaced).find((c) => c.span.start === cut.span.start && c.rewrite?.span.start === cut.span.start);
  if (!table?.rewrite) return null;
  const { span, title } = table.rewrite;
  return { ...table, rewrite: { title, span, newText: () => inlineTableOnOneLine(withoutUnread(text, span)) } };
}

/** The text of `span` (no comment in it) with each such character outside its strings written as its fix writes it. */
function withoutUnread(text: string, span: Span): string {
  const parts: string[] = [];
  const fix = (from: number, to: number) => text.slice(from, to).replace(EACH_UNREAD, (c) => unreadFixedAs(c, '\n'));
  let from = span.start;
  for (let p = span.start; p < span.end; p++) {
    const c = text.charCodeAt(p);
    if (c !== 0x22 && c !== 0x27) continue;
    parts.push(fix(from, p));
    from = p;
    p = Math.min(stringEnd(text, p), span.end);
    parts.push(text.slice(from, p));
    from = p--;
  }
  parts.push(fix(from, span.end));
  return parts.join('');
}

/** smol-toml's message for a key or table defined twice (it says "trying to redefine an already defined table or value"). */
const REDEFINED = /redefine an already defined/;

/**
 * smol-toml's "trying to redefine an already defined table or value" points at a key's first
 * character: the whole key is shown instead, with the key before it in the same table that it
 * clashes with (one path the start of the other, or the same), which the diagnostic links to.
 */
function redefinition(doc: TomlDocument, entries: readonly KeyValue[], at: number, inline = false): Pick<SyntaxProblem, 'span' | 'message' | 'related' | 'rewrite'> | null {
  for (let i = 0; i < entries.length; i++) {
    const kv = entries[i]!;
    if (kv.value?.kind === 'inline-table' && kv.value.span.start < at && at < kv.value.span.end) return redefinition(doc, kv.value.entries, at, true);
    if (kv.key.span.start !== at) continue;
    const names = kv.key.parts.map((p) => p.name);
    const earlier = entries.slice(0, i).find(({ key }) => key.parts.every((p, k) => k >= names.length || p.name === names[k]));
    if (!earlier) return null;
    const written = (key: Key) => quoted(doc.text.slice(key.span.start, key.span.end));
    const why = earlier.value?.kind === 'inline-table' ? 'an inline table, complete as written' : 'a value, not a table';
    const message = earlier.key.parts.length === names.length
      ? `${written(kv.key)} is already defined: a key is defined once`
      : earlier.key.parts.length < names.length
        ? `${written(kv.key)} adds to ${written(earlier.key)}, ${why}`
        : `${written(kv.key)} is already defined, as a table, by ${written(earlier.key)}`;
    const rewrite = earlier.key.parts.length === names.length && !inline ? mergedLists(doc, earlier, kv) : null;
    return { span: kv.key.span, message: `TOML syntax error: ${message}`, related: [{ span: earlier.key.span, message: 'defined here' }], ...(rewrite ? { rewrite } : {}) };
  }
  return null;
}

/**
 * A statement's list defined again below (`allowed = ["read"]` … `allowed = ["edit"]`, pasted in):
 * the items of the second, as written, appended to the first after its last item, and the second's
 * lines removed, where it stands alone on them; the text between is kept, and so are the comments on
 * those lines but between the items (which go with them), a line each where the second was. A
 * guess: the second may have been meant in place of the first (`allowed = []` below: allow nothing).
 */
function mergedLists(doc: TomlDocument, first: KeyValue, second: KeyValue): SyntaxProblem['rewrite'] {
  const text = doc.text;
  const [a, b] = [first.value, second.value];
  if (a?.kind !== 'array' || b?.kind !== 'array' || !a.closed || !b.closed) return null;
  const lineStart = lineStartAt(text, second.span.start);
  const lineEnd = lineEndAt(text, second.span.end);
  const end = lineEnd + (text.startsWith('\r\n', lineEnd) ? 2 : text[lineEnd] === '\n' ? 1 : 0);
  if (!/^[ \t]*$/.test(text.slice(lineStart, second.span.start)) || !/^[ \t]*(?:#.*)?$/.test(text.slice(second.span.end, lineEnd))) return null;
  const moved = b.items.length > 0 ? { start: b.items[0]!.span.start, end: b.items.at(-1)!.span.end } : null;
  const items = moved ? text.slice(moved.start, moved.end) : '';
  const after = a.items.length > 0 ? a.items.at(-1)!.span.end : a.span.start + 1;
  const key = text.slice(first.key.span.start, first.key.span.end);
  const comments = () => commentLines(text, doc.comments, { start: lineStart, end }, text.slice(lineStart, second.span.start), moved);
  // After a comment on the first's last item's line (`"read"  # why`): the items on a line of their own below it, at its
  // indent, so that the comment stays with the item it was written beside (not after the items put after that item).
  const lastLineEnd = lineEndAt(text, after);
  const rest = text.slice(after, lastLineEnd);
  const belowComment = a.items.length > 0 && items !== '' && /^[ \t]*,?[ \t]*#/.test(rest) && lastLineEnd < lineStart;
  const merged = () => {
    if (!belowComment) return `${a.items.length > 0 && items !== '' ? ', ' : ''}${items}${text.slice(after, lineStart)}${comments()}`;
    const trailing = /^[ \t]*,/.test(rest);
    const indent = /^[ \t]*/.exec(text.slice(lineStartAt(text, a.items.at(-1)!.span.start)))![0];
    const eol = text.startsWith('\r\n', lastLineEnd) ? '\r\n' : '\n';
    return `${trailing ? '' : ','}${rest}${eol}${indent}${items}${trailing ? ',' : ''}${eol}${text.slice(lastLineEnd + eol.length, lineStart)}${comments()}`;
  };
  return { title: `Merge the two ${quoted(key)} lists`, span: { start: after, end }, newText: merged, guess: true };
}

/**
 * The comments of `comments` in `lines` (whole lines: from a line start to the next, or the text's
 * end) but those in `skip`, written a line each at `indent`: what stays of lines a fix removes, so no
 * comment is lost. Each ends with the text's line break, but for the last where `lines` ends the text.
 */
export function commentLines(text: string, comments: readonly Comment[], lines: Span, indent: string, skip: Span | null = null): string {
  const kept = comments.filter((c) => c.span.start >= lines.start && c.span.start < lines.end && !(skip && c.span.start > skip.start && c.span.start < skip.end));
  const eol = newLineOf(text);
  const written = kept.map((c) => `${indent}${text.slice(c.span.start, c.span.end).trimEnd()}`).join(eol);
  return written === '' ? '' : lines.end === text.length && !/[\r\n]$/.test(text) ? written : written + eol;
}

function errorSpan(text: string, at: number): Span {
  const c = text.charCodeAt(at);
  if (at < text.length && c !== 10 && c !== 13) return { start: at, end: at + (isHigh(c) && isLow(text.charCodeAt(at + 1)) ? 2 : 1) };
  let end = at;
  while (end > 0 && /[ \t\r\n]/.test(text[end - 1]!)) end--;
  // The file's byte order mark is no character of the text an editor shows (VS Code leaves it out, the
  // checker counts no column for it): an error with nothing before it but the mark is marked where it is.
  if (end === 0 || (end === 1 && text.charCodeAt(0) === 0xfeff)) return { start: at, end: at };
  return { start: end - (end >= 2 && isLow(text.charCodeAt(end - 1)) && isHigh(text.charCodeAt(end - 2)) ? 2 : 1), end };
}
