// One section's analysis as a document keeps it between edits. What every push needs stays: the
// findings (code, span, message), suppressions, line index and what the section defines. The model
// behind them (syntax tree, policies, parsed entries, the findings' fixes) is most of the memory: a
// 1 MB file's models weigh about 40 MB. Unless told to keep it, a section lets its model go and
// rebuilds it from its text when a feature asks (analysis is a pure function of the text, and of the
// arrays of tables the sections before it made, and of the owners' lists it was told, which it keeps: so the rebuilt model is the same); the most recently used models are kept, like rust-analyzer's LRU of
// syntax trees. Completion, hover and quick fixes touch one section at a time, so they hit it. An
// edit's models start among them (the features ask about the section being typed in next); the
// models of a file's first analysis do not: it makes thousands, and each one kept a while was
// copied to the old generation before it died (the collector then took a quarter of the time). A
// model of more text than the recent ones may hold in all is held only weakly (see `remember`).

import { LineIndex, type Lines } from '../toml/lineIndex';
import type { TomlDocument } from '../toml/model';
import { parseToml } from '../toml/parse';
import { sectionDefinitions, type SectionDefinitions } from '../toml/tables';
import { analyze, fixAllMayChange, type Analysis } from './analyze';
import { CODES, type Code, type SeverityOverrides } from './codes';
import { findingAt, fixesKept, type Finding, type Fix } from './findings';
import { fixesFromParse, fromParse } from './entryFindings';
import type { ParsedEntry, VerdictMemo } from './verdicts';
import { type Policies } from './policies';
import { listsWritten, type ListsTold } from './told';
import type { Outside, Suppressions } from './suppress';

/**
 * How many released models stay in memory (all documents together): a user works in a few places
 * at a time. And how much text they may hold: a model takes 20-300 bytes a byte of its text (32
 * models of a 1 MB section typed in grew past a gigabyte, and one of a 10 MB list is 1.5 GB).
 */
const RECENT_MODELS = 32;
const RECENT_CHARS = 512 * 1024;
const recent = new Map<SectionAnalysis, Analysis>();
let recentChars = 0;
/** The models of sections of more text than RECENT_CHARS, while anything still uses them (see `remember`). */
const passing = new WeakMap<SectionAnalysis, WeakRef<Analysis>>();
/** The parses alone of such sections, held the same way (see `parsed`). */
const parses = new WeakMap<SectionAnalysis, WeakRef<TomlDocument>>();

/**
 * How many models and parses alone sections made again from their text since the start, and models
 * made for fix-all without the findings a section keeps (see `fixAll`): what a request costs, which
 * the tests hold (a lightbulb on a big section makes no model, nor its fix-all a full one).
 */
export const made = { models: 0, parses: 0, fixModels: 0 };

/** What a section keeps besides its findings, or whether it keeps them: see the constructor. */
export type Keep = 'models' | 'findings' | 'fix-all';

const NO_FINDINGS: readonly Finding[] = Object.freeze([]);

export class SectionAnalysis implements Analysis {
  readonly text: string;
  readonly suppressions: Suppressions;
  readonly findings: readonly Finding[];
  /** What the section's tables and keys define, for the checks across sections. */
  readonly definitions: readonly SectionDefinitions[];
  private readonly kept: Analysis | null;
  /** Kept where findings will be placed with it; a section with none makes it again if asked. */
  private lineIndex: Lines | null;
  /** The length of the hidden header the text starts with (see the constructor). */
  readonly hidden: number;
  readonly unreadableFrom: number;
  readonly stops: boolean;
  readonly guessed: Analysis['guessed'];
  readonly arrays: Analysis['arrays'];
  /** The owners of `arrays` its reading looks at (`Policies.arraysRead`): told others that agree on these, it reads the same. */
  readonly arraysRead: ReadonlySet<string>;
  /** The owners whose lists in other sections its reading looks at (`Policies.listsRead`), and what it was told they hold. */
  readonly listsRead: ReadonlySet<string>;
  readonly outsideLists: ListsTold;
  /** What the owners it writes a closed list of hold (`listsWritten`): what a section that reads them is told (see document.ts). */
  readonly listsWritten: ListsTold;
  /** Whether its findings are kept: not by a section fix-all will make the model of again (see the constructor). */
  readonly keepsFindings: boolean;
  /**
   * Whether the model goes among the recent ones when made again: in the server, whose features ask
   * for it again. Not in a one-shot run, which asks once, and in which a big model held weakly
   * would stay to the end (what a job reads of a WeakRef is kept until the job ends).
   */
  private readonly recents: boolean;
  /** While fix-all reads this section with its kept findings, the model it reads (see `fixAll`). */
  private fixing: Analysis | null = null;

  /**
   * `keep`: what stays besides the findings: the model for good (a one-shot run that reads
   * everything), nothing (the model is rebuilt when asked), or, for a one-shot fix-all, nothing, and not even the findings where one may have a safe
   * fix: fix-all makes that section's model again and reads them there (kept beside it, they and
   * their fixes were a third of its memory). `hidden`: the length of a copied header the text
   * starts with (a later piece of a big section, see toml/chunks.ts): it defines nothing and its
   * findings belong to the piece that holds the real one. `recent`: the model starts among the
   * recently used (an edit's, see above).
   */
  constructor(full: Analysis, readonly memo: VerdictMemo, options: { readonly keep: Keep; readonly hidden: number; readonly recent?: boolean }) {
    const hidden = (this.hidden = options.hidden);
    const keep = options.keep === 'models';
    this.recents = options.keep === 'findings';
    this.text = full.doc.text;
    this.suppressions = full.suppressions;
    this.unreadableFrom = full.unreadableFrom;
    this.stops = full.stops;
    this.guessed = full.guessed;
    this.arrays = full.arrays;
    this.arraysRead = full.policies.arraysRead;
    this.listsRead = full.policies.listsRead;
    this.outsideLists = full.policies.outsideLists;
    this.listsWritten = listsWritten(full.policies);
    // A big file has hundreds of thousands of sections, and what each keeps is what the collector
    // walks: nothing is kept that says nothing (an empty root table, no findings), and a list is
    // kept at its exact size (one grown by `flatMap` or pushes has room for 16 more).
    this.definitions = full.doc.sections.map((section) => sectionDefinitions(section, full.doc.text)).filter((d) => d.header !== null || d.keys.length > 0)
      .map((d) => (d.header && d.header.span.start < hidden ? { ...d, header: null } : d));
    this.kept = keep ? full : null;
    const shown = (f: Finding) => f.span.start >= hidden;
    this.keepsFindings = options.keep !== 'fix-all' || !full.findings.some((f) => shown(f) && f.mayHaveSafeFix);
    const findings = keep ? full.findings.filter(shown) : !this.keepsFindings ? [] : full.findings.flatMap((f, i) => (shown(f) ? [new KeptFinding(this, i, f)] : []));
    this.findings = findings.length > 0 ? findings.slice() : NO_FINDINGS;
    this.lineIndex = keep || findings.length > 0 ? full.lines : null;
    if (this.recents && options.recent) remember(this, full);
  }

  /**
   * Whether fix-all may change anything here (`fixAllMayChange`), known without the model; with no
   * findings kept, yes: one of them may have a safe fix, whatever hides it.
   */
  mayFix(overrides: SeverityOverrides, only: Code | undefined, outside: Outside): boolean {
    return !this.keepsFindings || fixAllMayChange(this, overrides, only, outside);
  }

  get lines(): Lines {
    return (this.lineIndex ??= new LineIndex(this.text));
  }

  get doc(): TomlDocument {
    return this.model().doc;
  }
  get policies(): Policies {
    return this.model().policies;
  }
  get entries(): readonly ParsedEntry[] {
    return this.model().entries;
  }

  /**
   * The parse of the text: the model's when one is at hand (or the section is small: its model is
   * made, and kept among the recent ones), else the parse alone, held as a big model is (see
   * `remember`). What a quick fix reads of a big section (where a comment can go, the list an entry
   * is removed from: see `fixesFromParse`): its model is most of its memory and time (a 10 MB list
   * of 2 million entries: 1 GB and 20 s, its parse a third of the memory and a sixth of the time).
   */
  parsed(): TomlDocument {
    if (this.kept) return this.kept.doc;
    if (this.fixing) return this.fixing.doc;
    const full = recent.get(this) ?? passing.get(this)?.deref();
    if (full) return full.doc;
    if (!this.parsesAlone) return this.model().doc;
    let doc = parses.get(this)?.deref();
    if (!doc) {
      parses.set(this, new WeakRef((doc = parseToml(this.text))));
      made.parses++;
    }
    return doc;
  }

  /** Whether `parsed` gives a parse alone where the model is not at hand (a big section, in the server). */
  get parsesAlone(): boolean {
    return this.recents && !this.kept && this.text.length > RECENT_CHARS;
  }

  /** The full analysis: kept, recent, or rebuilt from the text. */
  model(): Analysis {
    if (this.kept) return this.kept;
    let full = recent.get(this) ?? passing.get(this)?.deref();
    if (!full) {
      full = analyze(this.text, this.memo, undefined, this.arrays, this.outsideLists);
      made.models++;
    }
    if (this.recents) remember(this, full);
    return full;
  }

  /**
   * `read` given the model with this section's findings (not those of a hidden header): what fix-all
   * reads. The fixes it asks of them all go with the model, never onto the findings kept here, which
   * live as long as the document's version (a 10 MB list's fixes are 0.8 GB).
   * A big section in the server, whose model is not at hand, is read with the findings it keeps,
   * beside a model made without those whose fixes its parse gives (or that have none: see
   * `fromParse`): the model's own findings were a copy of them, 0.4 GB of a 10 MB list's 1 GB model,
   * and with the findings kept beside it, its fix-all ran out of a 1.5 GB heap.
   */
  fixAll<T>(read: (a: Analysis) => T): T {
    const atHand = this.kept ?? recent.get(this) ?? passing.get(this)?.deref();
    if (atHand || !this.parsesAlone || !this.keepsFindings) return read(this.withFixes());
    const model = analyze(this.text, this.memo, (f) => fromParse(f) === null, this.arrays, this.outsideLists);
    made.fixModels++;
    this.fixing = model;
    try {
      return read({ ...model, findings: this.findings });
    } finally {
      this.fixing = null;
    }
  }

  /** Whether fix-all is reading the findings kept here (see `fixAll`): the fixes it asks of them are not kept. */
  get fixingAll(): boolean {
    return this.fixing !== null;
  }

  /**
   * The fixes of the kept finding `f` (the model's `index`th) that its parse does not give: the same
   * finding's in the model fix-all reads, else in the full model.
   */
  fixesOf(f: Finding, index: number): readonly Fix[] {
    const same = this.fixing && findingAt(this.fixing.findings, f.code, f.span, (g) => g.message === f.message);
    return (same || this.model().findings[index]!).fixes;
  }

  private withFixes(): Analysis {
    const full = this.model();
    return this.hidden === 0 ? full : { ...full, findings: full.findings.filter((f) => f.span.start >= this.hidden) };
  }
}

/**
 * Keeps a section's model among the recent ones, or, of more text than they may hold in all, only
 * weakly: for the job that asked (a request, a unit of fix-all, which read it many times: a model
 * made again for each finding would be quadratic), and then until the collector wants the room.
 * Kept for good, the newest model of a 10 MB list (1.5 GB) stayed after a hover, and an edit or a
 * fix-all made beside it ran the server out of memory.
 */
function remember(section: SectionAnalysis, full: Analysis): void {
  forgetModel(section);
  if (section.text.length > RECENT_CHARS) {
    passing.set(section, new WeakRef(full));
    return;
  }
  recent.set(section, full);
  recentChars += section.text.length;
  while (recent.size > RECENT_MODELS || recentChars > RECENT_CHARS) forgetModel(recent.keys().next().value!);
}

/** Drops the recent model of a section, if any (one an edit replaced is asked for no more). */
export function forgetModel(section: SectionAnalysis): void {
  if (recent.delete(section)) recentChars -= section.text.length;
  passing.delete(section);
  parses.delete(section);
}

/**
 * A finding without its model: its fixes are the same finding's in the rebuilt model. A lightbulb
 * request asks whether fix-all has anything to fix, and should not rebuild the same models again on
 * the next request: so a finding keeps the fixes asked of it when one is safe (fix-all's count
 * stops at the first few such, and quick fixes ask for the findings at the cursor), and otherwise
 * learns that it has none. Fix-all, which asks for every fix, reads them off the model
 * (`withFixes`), not through these.
 */
class KeptFinding implements Finding {
  readonly code: Finding['code'];
  readonly span: Finding['span'];
  readonly message: string;
  readonly related: Finding['related'];
  /** MAY_HAVE_SAFE_FIX and NEEDS_READING_BEFORE: a section may keep millions of these, each field 8 bytes. */
  private flags: number;

  constructor(private readonly owner: SectionAnalysis, private readonly index: number, f: Finding) {
    const from = fromParse(f);
    this.flags = (f.mayHaveSafeFix ? MAY_HAVE_SAFE_FIX : 0) | (f.needsReadingBefore ? NEEDS_READING_BEFORE : 0) |
      (from === 'none' ? FIXLESS : from === 'duplicate' ? DUPLICATE : from === 'replacement' ? REPLACEMENT : 0);
    this.code = f.code;
    this.span = f.span;
    this.message = f.message;
    this.related = f.related;
  }

  /** A finding of an analysis is at its code's default severity (`visibleFindings` overrides it). */
  get severity(): Finding['severity'] {
    return CODES[this.code].severity;
  }
  get mayHaveSafeFix(): boolean {
    return (this.flags & MAY_HAVE_SAFE_FIX) !== 0;
  }
  get needsReadingBefore(): boolean {
    return (this.flags & NEEDS_READING_BEFORE) !== 0;
  }
  get fixless(): boolean {
    return (this.flags & FIXLESS) !== 0;
  }

  get fixes(): readonly Fix[] {
    const kept = keptFixes.get(this);
    if (kept) return kept;
    const fixes = this.fromParse() ?? this.owner.fixesOf(this, this.index);
    if (!fixes.some((x) => x.safe)) this.flags &= ~MAY_HAVE_SAFE_FIX;
    else if (fixesKept() && !this.owner.fixingAll) keptFixes.set(this, fixes);
    return fixes;
  }

  /**
   * None, for a finding known to have none; or the fixes of an entry's finding, made from the
   * section's parse where that is all a big section has at hand (see `parsed`): a lightbulb on one
   * entry of a list of millions made the model, its millions of findings among it, to read one
   * finding's fixes (or learn it had none).
   */
  private fromParse(): readonly Fix[] | null {
    if (this.flags & FIXLESS) return NO_FIXES;
    const kind = this.flags & DUPLICATE ? 'duplicate' : this.flags & REPLACEMENT ? 'replacement' : null;
    if (!kind || !this.owner.parsesAlone) return null;
    return fixesFromParse(this.owner.parsed(), this.owner.memo, kind, this.code, this.span, this.owner);
  }
}

const MAY_HAVE_SAFE_FIX = 1;
const NEEDS_READING_BEFORE = 2;
/** The finding has no fixes, or they can be made from the parse alone (see `fromParse` in entryFindings.ts). */
const FIXLESS = 4;
const DUPLICATE = 8;
const REPLACEMENT = 16;
const NO_FIXES: readonly Fix[] = Object.freeze([]);
/** The fixes kept findings keep (see KeptFinding): few of them have any, so not a field of each. */
const keptFixes = new WeakMap<KeptFinding, readonly Fix[]>();
