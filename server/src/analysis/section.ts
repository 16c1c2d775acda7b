// One section's analysis as a document keeps it between edits. What every push needs stays: the
// findings (code, span, message), suppressions, line index and what the section defines. The model
// behind them (syntax tree, policies, parsed entries, the findings' fixes) is most of the memory: a
// 1 MB file's models weigh about 40 MB. Unless told to keep it, a section lets its model go and
// rebuilds it from its text when a feature asks (analysis is a pure function of the text, so the
// rebuilt model is the same); the most recently used models are kept, like rust-analyzer's LRU of
// syntax trees. Completion, hover and quick fixes touch one section at a time, so they hit it. An
// edit's models start among them (the features ask about the section being typed in next); the
// models of a file's first analysis do not: it makes thousands, and each one kept a while was
// copied to the old generation before it died (the collector then took a quarter of the time).

import { LineIndex, type Lines } from '../toml/lineIndex';
import type { TomlDocument } from '../toml/model';
import { sectionDefinitions, type SectionDefinitions } from '../toml/tables';
import { analyze, type Analysis } from './analyze';
import type { Finding, Fix, ParsedEntry, VerdictMemo } from './findings';
import type { Policies } from './policies';
import type { Suppressions } from './suppress';

/**
 * How many released models stay in memory (all documents together): a user works in a few places
 * at a time. And how much text they may hold, the newest always kept: a model takes 20-300 bytes a
 * byte of its text, and 32 models of a 1 MB section typed in grew past a gigabyte.
 */
const RECENT_MODELS = 32;
const RECENT_CHARS = 512 * 1024;
const recent = new Map<SectionAnalysis, Analysis>();
let recentChars = 0;

/** What a section keeps besides its findings: see the constructor. */
export type Keep = 'models' | 'fixes' | 'findings';

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
  readonly guessed: Analysis['guessed'];

  /**
   * `keep`: what stays besides the findings: the model for good (a one-shot run that reads
   * everything), the findings' fixes (one that reports them), or nothing (the model is rebuilt when
   * asked). `hidden`: the length of a copied header the text starts with (a later piece of a big
   * section, see toml/chunks.ts): it defines nothing and its findings belong to the piece that holds
   * the real one. `recent`: the model starts among the recently used (an edit's, see above).
   */
  constructor(full: Analysis, private readonly memo: VerdictMemo, options: { readonly keep: Keep; readonly hidden: number; readonly recent?: boolean }) {
    const hidden = (this.hidden = options.hidden);
    const keep = options.keep === 'models';
    this.text = full.doc.text;
    this.suppressions = full.suppressions;
    this.unreadableFrom = full.unreadableFrom;
    this.guessed = full.guessed;
    // A big file has hundreds of thousands of sections, and what each keeps is what the collector
    // walks: nothing is kept that says nothing (an empty root table, no findings), and a list is
    // kept at its exact size (one grown by `flatMap` or pushes has room for 16 more).
    this.definitions = full.doc.sections.map(sectionDefinitions).filter((d) => d.header !== null || d.keys.length > 0)
      .map((d) => (d.header && d.header.span.start < hidden ? { ...d, header: null } : d));
    this.kept = keep ? full : null;
    const shown = (f: Finding) => f.span.start >= hidden;
    const fixes = options.keep === 'fixes';
    const findings = keep ? full.findings.filter(shown) : full.findings.flatMap((f, i) => (shown(f) ? [new KeptFinding(this, i, f, fixes ? f.fixes : undefined)] : []));
    this.findings = findings.length > 0 ? findings.slice() : NO_FINDINGS;
    this.lineIndex = keep || findings.length > 0 ? full.lines : null;
    if (!keep && options.recent) remember(this, full);
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

  /** The full analysis: kept, recent, or rebuilt from the text. */
  model(): Analysis {
    if (this.kept) return this.kept;
    const full = recent.get(this) ?? analyze(this.text, this.memo);
    remember(this, full);
    return full;
  }
}

function remember(section: SectionAnalysis, full: Analysis): void {
  forgetModel(section);
  recent.set(section, full);
  recentChars += section.text.length;
  while (recent.size > RECENT_MODELS || (recent.size > 1 && recentChars > RECENT_CHARS)) forgetModel(recent.keys().next().value!);
}

/** Drops the recent model of a section, if any (one an edit replaced is asked for no more). */
export function forgetModel(section: SectionAnalysis): void {
  if (recent.delete(section)) recentChars -= section.text.length;
}

/**
 * A finding without its model: its fixes are the same finding's in the rebuilt model, kept once
 * asked for (plain edits, small; a lightbulb request asks whether any finding of a code has a safe
 * fix, and should not rebuild the same models again on the next request).
 */
class KeptFinding implements Finding {
  readonly code: Finding['code'];
  readonly severity: Finding['severity'];
  readonly span: Finding['span'];
  readonly message: string;
  readonly related: Finding['related'];
  readonly mayHaveSafeFix: boolean;
  readonly needsReadingBefore?: boolean;

  constructor(private readonly owner: SectionAnalysis, private readonly index: number, f: Finding, private computed?: readonly Fix[]) {
    this.mayHaveSafeFix = f.mayHaveSafeFix;
    if (f.needsReadingBefore) this.needsReadingBefore = true;
    this.code = f.code;
    this.severity = f.severity;
    this.span = f.span;
    this.message = f.message;
    this.related = f.related;
  }

  get fixes(): readonly Fix[] {
    return (this.computed ??= this.owner.model().findings[this.index]!.fixes);
  }
}
