// Where a finding is placed in the text: an entry on its string's content, a key on its name inside its
// quotes, a value on its first line, a character's finding on the places of its runs. Pure.

import { type CharProblemGroup, charRunNote } from '../grammar/checks';
import { firstHeldLineOf, firstLineOf, lineContent } from '../toml/lineIndex';
import type { Span, TomlDocument, TomlString } from '../toml/model';
import { lastStartingBefore } from '../toml/sorted';
import { closingQuote, contentSpan, valueSources } from '../toml/stringPositions';
import type { Finding } from './findings';

/** A key part's span inside its quotes, when it has them (as a string's content is). */
export function keyContentSpan(text: string, span: Span): Span {
  const q = text[span.start];
  if (q !== '"' && q !== "'") return span;
  // A quoted key not closed on its line (a syntax error) is shown up to the line's end.
  const closeAt = closingQuote(text, span.start + 1, q, span.end);
  const content = firstHeldLineOf(text, { start: span.start + 1, end: closeAt >= 0 ? closeAt : span.end });
  // An empty key is shown on its quotes, as an empty entry is (see `entrySpan`).
  return content.start < content.end ? content : firstLineOf(text, span);
}

/** Where part of a run of characters of a string's value comes from in the text, and how many of them it holds. */
interface RunPlace {
  readonly span: Span;
  readonly length: number;
}

/**
 * Where a run of characters of a string's decoded value comes from in the text (an escape: all of
 * it), the string's sources made once: a place a line, as a line-ending backslash joins a run of the
 * value from two lines of the text (`,\` then `,` on the next). A part that is itself a line break
 * has none (a range over it ends on another line; the first line is shown instead); nor has a run
 * when the sources are not known.
 */
export function charSpans(text: string, str: TomlString): (offset: number, length: number) => RunPlace[] {
  let sources: ReturnType<typeof valueSources> | undefined;
  return (offset, length) => {
    sources ??= valueSources(text, str);
    const last = offset + length - 1;
    if (!sources || last >= sources.starts.length) return [];
    const { starts, ends } = sources;
    const places: RunPlace[] = [];
    const add = (span: Span, n: number) => {
      if (!/[\r\n]/.test(text.slice(span.start, span.end))) places.push({ span, length: n });
    };
    let span = { start: starts[offset]!, end: ends[offset]! };
    let n = 1;
    for (let k = offset + 1; k <= last; k++) {
      // Two units of one escape share its text; the next character's text follows on, or is past a join.
      if (starts[k]! < span.end) n++;
      else if (starts[k] === span.end) {
        span = { start: span.start, end: ends[k]! };
        n++;
      } else {
        add(span, n);
        span = { start: starts[k]!, end: ends[k]! };
        n = 1;
      }
    }
    add(span, n);
    return places;
  };
}

const MORE_CHARS_SHOWN = 20;

/**
 * Where a character's finding in an entry (or a map-form key) is placed, and its related places: on
 * the first place of its first run (`fallback`, the first line, when that has none), then the rest
 * of that run and its other runs, each place said as a run of its own (`another comma`).
 */
export function charPlaces(g: CharProblemGroup, placesOf: (offset: number, length: number) => RunPlace[], fallback: Span): { at: Span; related: Finding['related'] } {
  const [first, ...rest] = g.runs;
  const [own, ...more] = placesOf(first!.offset, first!.length);
  const at = own?.span ?? fallback;
  const related: Array<{ span: Span; message: string }> = [];
  // The message counts them all: an entry of a million commas apart relates the first few places, not a million.
  for (const place of [...more, ...rest.slice(0, MORE_CHARS_SHOWN).flatMap((r) => placesOf(r.offset, r.length))].slice(0, MORE_CHARS_SHOWN)) {
    if (place.span.start !== at.start) related.push({ span: place.span, message: charRunNote({ kind: g.kind, char: g.char, length: place.length }) });
  }
  return { at, related: related.length === 0 ? undefined : related };
}

/** The span an entry's finding is placed at (see `entryFindings`). */
export function entrySpan(text: string, str: TomlString): Span {
  const content = contentSpan(text, str);
  // An empty entry is shown on its quotes: an empty range is drawn on the character after it (the
  // closing quote), where a squiggle stays, misplaced, while the user types into the string.
  return content.start < content.end ? content : firstLineOf(text, str.span);
}

/**
 * The first line of a value (`[` of a list over lines), up to a comment on that line: the range
 * would otherwise run under `# note`, or a `# mars-ignore` written there by "Disable".
 */
export function valueFirstLine(doc: TomlDocument, span: Span): Span {
  const line = firstLineOf(doc.text, span);
  if (line.end === span.end) return line;
  const comments = doc.comments;
  const c = lastStartingBefore(comments, line.end);
  // The value's first character (`[`) is no blank: the blanks before the comment are all lineContent takes.
  return lineContent(doc.text, line.start, c && c.span.start > line.start ? c.span.start : line.end);
}
