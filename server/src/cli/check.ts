// `mars-toml check [paths... | -] [--format text|json|github] [--fix]`: the same analysis as the server, for CI.
// Exit 0 when nothing has error severity, 1 when something does, 2 for usage errors, files that
// cannot be read or fixed, and output that cannot be written (the README's "Command line").

import fs from 'node:fs';
import path from 'node:path';
import { CODES, isCode, levelOf, LEVELS_SAID, nearestCode, type Code, type Severity, type SeverityOverrides } from '../analysis/codes';
import { analyzeDocument, documentFindings, type DocumentAnalysis } from '../analysis/document';
import { documentFixAll } from '../analysis/documentFixAll';
import { applyEdits } from '../analysis/edits';
import { detached, finding, fixAmong, overridden, partnersSeen, type Finding } from '../analysis/findings';
import { reportFindings } from '../analysis/report';
import type { Span } from '../toml/model';
import { LineIndex, positionsOf, type Lines } from '../toml/lineIndex';
import { lastAtOrBefore } from '../toml/sorted';
import { FILE_NAMES } from '../protocol';
import { notReadWhy, readHere } from '../analysis/fileName';
import { pathSaid, reason, replaceFile, shellWord, uninterrupted } from './files';
import { inWords, shown } from '../grammar/text';
import { nearestWord } from '../grammar/checks';
import { findFiles, namedAs, type OtherCase, searchOf, type Seen, seenNothing } from './search';
import { readStdin, readText } from './read';
import { wantsColour } from './colour';
import { FORMATS, shownPaths } from './shownPaths';

export interface CheckOptions {
  readonly paths: readonly string[];
  readonly format: Format;
  readonly fix: boolean;
  /** Folders are searched for the files git does not ignore; `--no-respect-gitignore` turns it off. */
  readonly respectGitignore: boolean;
  /** `--severity <code>=<level>`: each code's severity, as the editor's `mars.diagnostics.<code>` setting gives it. */
  readonly overrides: SeverityOverrides;
  /** `--stdin-filename <path>`: what the document read from stdin (`-`) is called, `<stdin>` without it. */
  readonly stdinFilename?: string;
  /** `--help`: the usage, nothing checked. */
  readonly help?: boolean;
}

export class UsageError extends Error {}

/** The path that means stdin, and what the report calls the document read there when no --stdin-filename names it. */
export const STDIN = '-';
const STDIN_NAME = '<stdin>';

/** The options of `check`, for the did-you-mean of a mistyped one (`--fromat`, `-fix`), as ruff's and eslint's. */
export const CHECK_OPTIONS = ['--format', '--fix', '--severity', '--stdin-filename', '--no-respect-gitignore', '--no-cache', '--help'];

/**
 * What the tools a user types daily call an option of ours: ruff's --output-format, biome's
 * --reporter, eslint's -f, ripgrep's --no-ignore, biome's and prettier's --stdin-filepath, eslint's
 * --stdin (our path -).
 */
const ELSEWHERE: Readonly<Record<string, string>> = {
  '--output-format': '--format', '--reporter': '--format', '-f': '--format', '--no-ignore': '--no-respect-gitignore', '--no-ignore-vcs': '--no-respect-gitignore',
  '--stdin-filepath': '--stdin-filename', '--stdin': `${STDIN}, the path that reads stdin`,
};

type Format = (typeof FORMATS)[number];

export function parseCheckArgs(args: readonly string[]): CheckOptions {
  const paths: string[] = [];
  let format: Format = 'text';
  let fix = false;
  let respectGitignore = true;
  const overrides: SeverityOverrides = {};
  let stdinFilename: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--fix') fix = true;
    else if (a === '--no-respect-gitignore') respectGitignore = false;
    else if (a === '--no-cache') continue; // read before the checker loads (resultCache.ts): the check runs
    else if (a === '--help' || a === '-h') return { paths: [], format, fix, respectGitignore, overrides, help: true };
    else if (a === '--format' || a.startsWith('--format=')) {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : args[++i];
      if (!(FORMATS as readonly string[]).includes(v!)) throw new UsageError(`--format takes text, json or github${v === undefined ? '' : `, not '${v}'`}`);
      format = v as Format;
    } else if (a === '--severity' || a.startsWith('--severity=')) {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : args[++i];
      const [code, level] = severityArg(v);
      overrides[code] = level;
    } else if (a === '--stdin-filename' || a.startsWith('--stdin-filename=')) {
      stdinFilename = a.includes('=') ? a.slice(a.indexOf('=') + 1) : args[++i];
      const takes = '--stdin-filename takes the path the document read from stdin is reported as';
      if (!stdinFilename) throw new UsageError(takes);
      // An option after it is not its value, as clap reads it (`--stdin-filename --fix -` named the document `--fix`, and fixed nothing).
      if (!a.includes('=') && stdinFilename.startsWith('-') && stdinFilename !== STDIN) throw new UsageError(`${takes}, not '${stdinFilename}', read as an option (for a path so named, write --stdin-filename=${stdinFilename})`);
    } else if (a === '--') paths.push(...args.slice(i + 1)), (i = args.length);
    else if (a.startsWith('-') && a !== STDIN) {
      // A path that starts with `-` (`-x.toml`) is read as an option, as by every CLI: where one so named is there, it was meant.
      if (fs.existsSync(a)) throw new UsageError(`unknown option '${a}' (for the path so named, write ${shellWord(`./${a}`)})`);
      const name = a.split('=')[0]!;
      const near = ELSEWHERE[name] ?? nearestWord(name, CHECK_OPTIONS);
      throw new UsageError(`unknown option '${a}'${near ? ` (did you mean ${near}?)` : ''}`);
    }
    else paths.push(a);
  }
  // `check "$FILE"` with FILE unset: said as a missing file, the empty name read as nothing at all.
  if (paths.includes('')) throw new UsageError(`an empty path ('') names no file or folder: was a variable left unset?`);
  // Stdin is one document, read once: with a file beside it, the report would mix a stream and a search.
  const stdin = paths.filter((p) => p === STDIN).length;
  if (stdin > 1) throw new UsageError(`${STDIN} (stdin) is named twice: it is read once`);
  if (stdin > 0 && paths.length > 1) throw new UsageError(`${STDIN} reads one document from stdin: no other path goes with it`);
  if (stdinFilename !== undefined && stdin === 0) throw new UsageError(`--stdin-filename names the document read from stdin: give ${STDIN} as the path`);
  // The JSON would share stderr with the messages, and a reader could not tell them apart.
  if (stdin > 0 && fix && format === 'json') throw new UsageError(`--fix ${STDIN} writes the document to stdout and the findings to stderr: not as JSON, which would be mixed with messages there (for the findings as JSON, run check --format json ${STDIN} without --fix)`);
  return { paths: paths.length > 0 ? paths : ['.'], format, fix, respectGitignore, overrides, stdinFilename };
}

/** `<code>=<level>` of `--severity`, as the editor's settings read it (`info` for `information`). */
function severityArg(v: string | undefined): [Code, Severity | 'off'] {
  if (v === undefined || !v.includes('=')) throw new UsageError(`--severity takes <code>=<level>, as unknown-tool=error${v === undefined ? '' : `, not '${v}'`}`);
  const code = v.slice(0, v.indexOf('='));
  const said = v.slice(v.indexOf('=') + 1);
  const level = levelOf(said);
  if (!isCode(code)) {
    const near = nearestCode(code);
    throw new UsageError(`--severity: '${code}' is not a diagnostic code${near ? ` (did you mean ${near}?)` : ''}; the codes: ${Object.keys(CODES).join(', ')}`);
  }
  if (level === undefined) throw new UsageError(`--severity: '${said}' is not a level: ${LEVELS_SAID}`);
  return [code, level];
}

/**
 * In words, what a folder's search passed over (`passed`): files so named that are no regular file
 * (a pipe), and those named in other letter cases that Mars does not open here, each kind with why;
 * and (`read`) those in other letter cases Mars does open here, on a file system that does not tell
 * case apart, which one that does (Linux's, most CI's) would not give it. Said whatever else was
 * found: a file a user meant Mars to read must not seem checked, nor seem not to be there.
 */
export function seenSaid({ passedOver, otherCase }: Omit<Seen, 'emptyFolders'>): { passed: string; read: string } {
  const it = (n: number) => (n === 1 ? 'it' : 'them');
  const named = (list: readonly OtherCase[]) => inWords(list.map((f, i) => `${pathSaid(f.path)} ${i === 0 ? 'is not named' : 'not'} ${f.name}`));
  const notRead = otherCase.filter((f) => !f.read);
  const read = otherCase.filter((f) => f.read);
  const what = passedOver.map((p, i) => `${pathSaid(p.path)} ${i === 0 ? 'is ' : ''}${p.what}`);
  const passed = [
    what.length === 0 ? '' : `${inWords(what)}, passed over (only regular files are read)`,
    notRead.length === 0 ? '' : `${named(notRead)}, passed over (${notReadWhy(it(notRead.length))})`,
  ];
  return {
    passed: passed.filter((p) => p !== '').join('; '),
    read: read.length === 0 ? '' : `${named(read)}: ${readHere(it(read.length))}`,
  };
}

type Shown = Pick<Lines, 'position'>;

/** Positions as editors show them: a BOM is not a column. */
function shownPastBom(lines: Shown): Shown {
  return {
    position(offset) {
      const at = lines.position(offset);
      return at.line === 0 ? { line: 0, character: Math.max(0, at.character - 1) } : at;
    },
  };
}

const LONE_CR = /\r(?!\n)/;

/**
 * Positions as git, `grep -n`, GitHub and a terminal's editor count lines, for the text and github
 * formats: only `\n` ends one. LSP ends one at a lone `\r` too (the JSON ranges, as the server's),
 * which TOML forbids but a file whose line ends were converted twice holds (`\r\r\n`): there every
 * line after the first was reported at twice its number, and annotated on another line.
 */
function linesByLf(text: string): Shown {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return {
    position(offset) {
      const line = lastAtOrBefore(starts.length, (i) => starts[i]!, offset);
      return { line, character: offset - starts[line]! };
    },
  };
}

/**
 * `text` with the `[` of every `##[` written `\u005B`. GitHub's runner reads a step's output, stdout
 * and stderr, for workflow commands: `::` only at a line's start, but the older `##[error]message`
 * anywhere in a line (actions/runner: OutputManager, ActionCommand.TryParse), and then drops the
 * line from the log. A tool name or a file name holding `##[error]` would turn a line of a text
 * report, the whole JSON report (one line) or a complaint into an annotation of its choosing. The
 * escape reads as one in text, and back as `[` in JSON (`#` is only ever in a JSON string).
 * The `--format github` lines start with `::`, which the runner reads first: they need none.
 */
export function inert(text: string): string {
  return text.includes('##[') ? text.replace(/##\[/g, '##\\u005B') : text;
}

/** SGR codes of a text line: the path bold, the severity in its colour, the code faint (and a note line under it). */
const SEVERITY_COLOUR: Readonly<Record<Finding['severity'], number>> = { error: 31, warning: 33, information: 34, hint: 36 };
const sgr = (on: number, off: number, text: string) => `\x1b[${on}m${text}\x1b[${off}m`;

const GITHUB_LEVEL: Readonly<Record<Finding['severity'], string>> = { error: 'error', warning: 'warning', information: 'notice', hint: 'notice' };

/**
 * `f` as a GitHub Actions workflow command, which the run shows on the file's line in a pull
 * request. Escaped as GitHub's own toolkit does (@actions/core): `%`, CR and LF everywhere, and `:`
 * and `,` in the properties, which they separate.
 */
function githubAnnotation(file: string, lines: Shown, f: Finding): string {
  const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const property = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
  const { start, end } = positionsOf(lines, f.span);
  const at = `line=${start.line + 1},col=${start.character + 1},endLine=${end.line + 1},endColumn=${end.character + 1}`;
  return `::${GITHUB_LEVEL[f.severity]} file=${property(file)},${at},title=${property(`Mars TOML (${f.code})`)}::${data(f.message)}\n`;
}

/**
 * `f` as JSON, with the fixes an editor offers for it (`fixAmong`: `partnerSeen` tells whether the
 * other finding a fix clears is shown too). `file`: the path, already a JSON string. Written out
 * here, not by `JSON.stringify` of an object made for it: a file dense with findings has millions,
 * and making each one's object for JSON.stringify to walk took twice what this takes, most of what
 * the JSON output cost over the text. The bytes are JSON.stringify's: its quoting of each string,
 * the same keys in the same order (`related` only when there is one).
 *
 * Made `inert` (see there) a string at a time, as JSON.stringify quotes it: in JSON a `#` is only
 * ever in a string, whose quote follows its last character, so a `##[` is within one string, and
 * the whole finding's text need not be searched (a first copy of it, made of its pieces). `file`
 * is inert already. The range of an edit over the finding's own span, a respelling's, is the
 * finding's (most of a dense file's 300,000 findings), written once.
 */
function jsonFinding(file: string, lines: Shown, f: Finding, partnerSeen: (f: Finding) => boolean): string {
  const q = (s: string) => inert(JSON.stringify(s));
  const range = (span: Span) => {
    const { start, end } = positionsOf(lines, span);
    return `{"start":{"line":${start.line},"character":${start.character}},"end":{"line":${end.line},"character":${end.character}}}`;
  };
  const own = range(f.span);
  const rangeOf = (span: Span) => (span.start === f.span.start && span.end === f.span.end ? own : range(span));
  let out = `{"file":${file},"range":${own},${JSON_HEADS[f.severity][f.code]}${q(f.message)}`;
  // The places it names, as the editor's related information shows them (the entry a duplicate repeats).
  if (f.related?.length) out += `,"related":[${f.related.map((r) => `{"range":${range(r.span)},"message":${q(r.message)}}`).join(',')}]`;
  const fixes = f.fixes.map((fix) => {
    const x = fixAmong(fix, f, partnerSeen);
    // `safe`: --fix applies it (the first safe fix of a finding), as ruff's applicability says; else only a person would.
    // `preferred`: the one the editor marks so (its lightbulb's first), where one is.
    return `{"title":${q(x.title)},"safe":${x.safe},"preferred":${x.preferred === true},"edits":[${x.edits.map((e) => `{"range":${rangeOf(e)},"newText":${q(e.newText)}}`).join(',')}]}`;
  });
  return `${out},"fixes":[${fixes.join(',')}]}`;
}

/** `"severity":…,"code":…,"message":` of a finding as JSON, for each severity and code: written once, not for each finding. */
const JSON_HEADS = Object.fromEntries((Object.keys(GITHUB_LEVEL) as Finding['severity'][]).map((severity) =>
  [severity, Object.fromEntries(Object.keys(CODES).map((code) => [code, `"severity":${JSON.stringify(severity)},"code":${JSON.stringify(code)},"message":`]))])) as Record<Finding['severity'], Record<Code, string>>;

export async function runCheck(options: CheckOptions, out: NodeJS.WritableStream, err: NodeJS.WritableStream, input: NodeJS.ReadableStream & { isTTY?: boolean }): Promise<number> {
  // Paths and messages quote file names, which can hold a line break: escaped, no line of ours can
  // read as another (GitHub takes a line of stderr that starts with `::` for a workflow command).
  const { put, drained } = inOrder();
  // Output is written in chunks as it is made: a file can have tens of thousands of findings.
  let pending = '';
  // A message comes after the report lines made before it (a file not read after another's findings).
  const complain = (message: string) => {
    if (pending) put(report, pending), (pending = '');
    put(err, `mars-toml: ${inert(shown(message))}\n`);
  };
  // Stdin is one file, the document --stdin-filename names (shown as that path is) or `<stdin>`.
  const stdin = options.paths[0] === STDIN;
  const unnamed = stdin && options.stdinFilename === undefined; // taken for a mars.toml
  const { files, problems, seen } = stdin
    ? { files: [options.stdinFilename === undefined ? STDIN_NAME : namedAs(options.stdinFilename)], problems: [], seen: seenNothing() }
    : searchOf(options.paths, options.respectGitignore);
  // Nothing piped: a run that waits for the terminal says so, rather than seem to hang; and, where
  // a file is named -, how to name it, as `-` is always stdin.
  if (stdin && input.isTTY) complain(`reading the document from the terminal: end it with Ctrl-D (Ctrl-Z, Enter on Windows)${fs.existsSync(STDIN) ? `; for the file named ${STDIN}, write .${path.sep}${STDIN}` : ''}`);
  // `--fix -` writes the document to stdout, fixed or not, and the report to stderr, as ruff does.
  const report = stdin && options.fix ? err : out;
  const colour = options.format === 'text' && wantsColour(report);
  let unreadable = problems.length > 0;
  for (const p of problems) complain(p.message);
  const missing = problems.filter((p) => !p.folder).length; // paths named that could not be read
  const foldersNotRead = problems.length - missing;
  // A file found and passed over (a pipe, a `Mars.toml`) is said, and why, whatever else was found: else a search
  // that found nothing would seem to deny it is there, and one that found others, to have read it.
  const { passed, read: otherCaseRead } = seenSaid(seen);
  // Folders named that hold nothing to read (a folder mistyped, or all its files ignored), searched
  // again without .gitignore to tell why; with what was passed over when nothing else was found.
  const nothingUnder = (folders: readonly string[], also: string) => {
    const hidden = options.respectGitignore ? findFiles(folders, []).length : 0;
    const them = hidden === 1 ? 'it' : 'them';
    complain(`no mars.toml or mars.local.toml under ${folders.map(pathSaid).join(', ')}${hidden === 0 ? '' : ` that git does not ignore (${hidden} ignored: name ${them}, or pass --no-respect-gitignore, to check ${them})`}${also && `${hidden === 0 ? ':' : ';'} ${also}`}`);
  };
  if (files.length === 0 && !unreadable) nothingUnder(options.paths, passed);
  else {
    if (seen.emptyFolders.length > 0) nothingUnder(seen.emptyFolders, '');
    if (passed) complain(passed);
  }
  if (otherCaseRead) complain(otherCaseRead);
  const line = (text: string) => {
    pending += text;
    if (pending.length > 1 << 16) {
      put(report, pending);
      pending = '';
    }
  };
  const { show: displayPath, problem: workspaceProblem } = shownPaths(options.format === 'github');
  if (workspaceProblem !== null) complain(workspaceProblem);
  const counts = { error: 0, warning: 0, information: 0, hint: 0 };
  let fixed = 0;
  // What --fix would fix, for the summary's hint, as ruff's and eslint's say it: counted only where
  // nothing is fixed (a file not UTF-8 is never written) and no JSON is written (each fix says `safe`).
  const fixable = { count: 0 };
  let failed = missing; // paths and files not read, or not checked for a bug of ours
  let written = 0; // findings, for the JSON list's brackets and commas
  /** Checks one file, writes its findings; the number of problems fixed, or null when it could not be read. */
  async function checkFile(file: string): Promise<number | null> {
    const read = stdin ? await readStdin(input, file) : readText(file);
    if ('error' in read) {
      complain(read.error);
      return null;
    }
    const display = unnamed ? STDIN_NAME : displayPath(file);
    // A text line starts with the path: one that starts like a command (`::error`, `##[`) gets `./`
    // (`<stdin>` does not, nor a letter or digit of any script: `é/mars.toml` is shown as ruff shows it).
    const textPath = shown(/^[\p{L}\p{N}_./<]/u.test(display) ? display : `.${path.sep}${display}`);
    let applied = 0;
    let text = read.text;
    // Fix-all makes again, one at a time, the models of the sections it may have something to fix
    // in, and reads their findings there, keeping only the others' (a 10 MB list's findings kept
    // beside its model, and their fixes, ran the checker out of memory). When it writes nothing
    // and kept them all, they are the report; else the report is made of the text as it is.
    let analysis: DocumentAnalysis | null = null;
    if (options.fix) {
      analysis = analyzeDocument(text, 'fix-all');
      const counter = { fixed: 0 };
      const edits = documentFixAll(analysis, options.overrides, undefined, counter);
      // Only a file with something to write is refused: nothing else would replace its bad bytes.
      // An edit over them fixes what quotes them as U+FFFD (`"Re\xFFad"` lowercased), a finding
      // the report leaves out: no fix of it is owed, and it alone makes no failure of the run.
      if (read.invalid && edits.some((e) => !holdsReplaced(e, read.invalid!.replaced))) {
        complain(`not fixing ${pathSaid(file)}: it is not valid UTF-8, and writing it back would replace those bytes`);
        unreadable = true;
      } else if (edits.length > 0 && !read.invalid) {
        const fixedText = applyEdits(text, edits);
        // A file that cannot be written, or changed since it was read, is reported as it is; stdin's goes to stdout, below.
        if (stdin || (await writeFixed(file, read, fixedText))) {
          // The problems fix-all fixed: findings before and after would not tell a fix that makes a
          // finding as it removes one (`mcp__gh__x` made `mcp(gh/x)`, which the other list denies).
          applied = counter.fixed;
          text = fixedText;
          analysis = null;
        }
      }
      // The text as it came is its bytes: one not UTF-8, never fixed, keeps the bytes it has.
      if (stdin) out.write(read.invalid ? read.bytes! : text);
    }
    const json = options.format === 'json';
    const jsonFile = inert(JSON.stringify(display));
    const index: Shown = json || !LONE_CR.test(text) ? new LineIndex(text) : linesByLf(text);
    const lines: Shown = read.bom ? shownPastBom(index) : index;
    // The spelling and the legacy `:*` of an entry are two findings at one place, whose fixes depend
    // on which of them is shown (see `fixAmong`): JSON findings are written a place at a time.
    let place: Finding[] = [];
    const write = (f: Finding, partnerSeen: (f: Finding) => boolean = () => false) => {
      counts[f.severity]++;
      if (json) line(`${written++ === 0 ? '[' : ','}${jsonFinding(jsonFile, lines, f, partnerSeen)}`);
      else if (options.format === 'github') line(githubAnnotation(display, lines, f));
      else {
        const at = lines.position(f.span.start);
        const where = inert(`${textPath}:${at.line + 1}:${at.character + 1}:`);
        const message = inert(f.message);
        if (colour) line(`${sgr(1, 22, where)} ${sgr(SEVERITY_COLOUR[f.severity], 39, f.severity)} ${sgr(2, 22, f.code)} ${message}\n`);
        else line(`${where} ${f.severity} ${f.code} ${message}\n`);
        // The places it names (the editor's related information: the entry a duplicate repeats),
        // each on an indented note line under it, as rustc and gcc show theirs; faint in colour.
        for (const r of f.related ?? []) {
          const at = lines.position(r.span.start);
          const note = inert(`${textPath}:${at.line + 1}:${at.character + 1}: note: ${r.message}`);
          line(`  ${colour ? sgr(2, 22, note) : note}\n`);
        }
      }
    };
    const flush = () => {
      const seen = partnersSeen(place);
      for (const f of place) write(f, seen);
      place = [];
    };
    // An error at each run of bad bytes, in order among the other findings: all of them, as a
    // compiler lists every error, not only the first; before a finding at the same place (the syntax
    // error its U+FFFD makes, `["read" \xFF]`), as its cause.
    const named = path.basename(unnamed ? FILE_NAMES[0] : file);
    const invalid = (read.invalid?.runs ?? []).flatMap((run) => overridden(finding('toml-syntax', { start: run.start, end: run.end },
      `Byte 0x${run.byte.toString(16).toUpperCase().padStart(2, '0')} here is not UTF-8: Mars reads ${named} as UTF-8 and cannot load this file. Save it as UTF-8.`), options.overrides) ?? []);
    let nextInvalid = 0;
    const each = (f: Finding) => {
      if (read.invalid && quotesBadBytes(f, read.invalid.replaced)) return;
      if (place.length > 0 && place[0]!.span.start !== f.span.start) flush();
      while (nextInvalid < invalid.length && f.span.start >= invalid[nextInvalid]!.span.start) write(invalid[nextInvalid++]!);
      // Detached (its fixes made): a place held while the next unit is analysed would keep its unit's model.
      if (json) place.push(detached(f));
      else write(f);
    };
    // JSON asks every finding for its fixes, which a kept one makes again from its model: it is
    // always written as the analysis goes.
    if (analysis && !json && analysis.units.every((u) => u.analysis.keepsFindings)) for (const f of documentFindings(analysis, options.overrides)) each(f);
    // Written as the analysis goes, a section at a time.
    else reportFindings(text, each, json, options.overrides, options.fix || json || read.invalid ? undefined : fixable);
    flush();
    while (nextInvalid < invalid.length) write(invalid[nextInvalid++]!);
    return applied;
  }
  /** Writes the fixed text, if the file still holds what was read; whether it did. */
  async function writeFixed(file: string, read: { text: string }, text: string): Promise<boolean> {
    try {
      if ((await uninterrupted(() => replaceFile(file, Buffer.from(text, 'utf8'), (original) => original.toString('utf8') === read.text))) === 'changed') {
        complain(`not fixing ${pathSaid(file)}: it changed while it was checked`);
        unreadable = true;
        return false;
      }
      return true;
    } catch (e) {
      complain(`cannot write ${pathSaid(file)}: ${reason(e)}`);
      unreadable = true;
      return false;
    }
  }
  for (const file of files) {
    try {
      const applied = await checkFile(file);
      if (applied === null) failed++;
      else fixed += applied;
    } catch (e) {
      // A bug of ours in one file must not hide the others' findings.
      complain(`internal error while checking ${pathSaid(file)}: ${e instanceof Error ? e.message : String(e)}`);
      failed++;
    }
  }
  if (failed > 0) unreadable = true;
  if (options.format === 'json') line(written === 0 ? '[]\n' : ']\n');
  if (pending) put(report, pending);
  if (options.format !== 'json') {
    const plural = (s: string, n: number) => (n === 1 || s === 'information' ? s : `${s}s`);
    const summary = Object.entries(counts).filter(([, n]) => n > 0).map(([s, n]) => `${n} ${plural(s, n)}`).join(', ');
    const checked = files.length - (failed - missing);
    const notRead = `${failed > 0 ? `, ${failed} not checked` : ''}${foldersNotRead > 0 ? `, ${foldersNotRead} folder${foldersNotRead === 1 ? '' : 's'} not read` : ''}`;
    const found = summary || (failed + foldersNotRead > 0 ? 'no problems in what was checked' : 'no problems');
    const hint = fixable.count > 0 ? ` (${fixable.count} fixable with --fix)` : '';
    put(err, `${checked} file${checked === 1 ? '' : 's'} checked${notRead}${fixed ? `, ${fixed} problem${fixed === 1 ? '' : 's'} fixed` : ''}: ${found}${hint}\n`);
  }
  await drained();
  if (unreadable) return 2;
  return counts.error > 0 ? 1 : 0;
}

/**
 * Writes to the report's stream and stderr in the order asked. Stdout to a pipe its reader has not
 * emptied (a CI log, a pager) takes the rest of a write later, while a line of stderr is written at
 * once: where both go to one log (`2>&1`, a CI step's), the summary or a `cannot read` landed in the
 * middle of a report line (`d17/mars.toml:2:13: information2000 files checked: …`). A write the
 * stream holds back is waited for before the next; one it took whole is not, so a reader that keeps
 * up is written to as the analysis goes.
 */
function inOrder(): { put: (stream: NodeJS.WritableStream, text: string) => void; drained: () => Promise<void> } {
  const waiting: Array<[NodeJS.WritableStream, string]> = [];
  const idle: Array<() => void> = [];
  let held: number | null = null; // the write the stream holds back, until its callback
  let writes = 0;
  const next = () => {
    while (held === null && waiting.length > 0) {
      const [stream, text] = waiting.shift()!;
      const id = ++writes;
      // Called on an error too (a reader gone: main.ts says it), so nothing waits for ever.
      stream.write(text, () => {
        if (held !== id) return;
        held = null;
        next();
      });
      if ((stream as { writableLength?: number }).writableLength) held = id;
    }
    if (held === null) for (const done of idle.splice(0)) done();
  };
  return {
    put: (stream, text) => {
      waiting.push([stream, text]);
      next();
    },
    drained: () => new Promise((resolve) => {
      idle.push(resolve);
      next();
    }),
  };
}

/**
 * Whether `f` quotes (in its message or a related one) a U+FFFD that stands for bytes not UTF-8
 * (`replaced`, in order) in a range it speaks of: it would name text the file does not hold (an
 * unknown tool `��`, a conflict of two different runs of bad bytes), where the bytes' own error says
 * what is wrong. A finding that does not quote them (a list where a table belongs, a comma) is true
 * of the file and stays; so does one quoting a U+FFFD written in the file.
 */
function quotesBadBytes(f: Finding, replaced: readonly number[]): boolean {
  if (!f.message.includes('\uFFFD') && !f.related?.some((r) => r.message.includes('\uFFFD'))) return false;
  return holdsReplaced(f.span, replaced) || (f.related?.some((r) => holdsReplaced(r.span, replaced)) ?? false);
}

/** Whether `span` holds one of the U+FFFD that stand for bytes not UTF-8 (`replaced`, in order). */
function holdsReplaced(span: Span, replaced: readonly number[]): boolean {
  // The first replaced offset at or after its start.
  const next = replaced[lastAtOrBefore(replaced.length, (i) => replaced[i]!, span.start - 1) + 1];
  return next !== undefined && next < span.end;
}
