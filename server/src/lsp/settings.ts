// Settings per document, read through `workspace/configuration` (scoped to the document, so a
// folder's settings apply) and cached until the client says they changed.

import { type Connection, MessageType, ShowMessageNotification } from 'vscode-languageserver';
import { CODES, isCode, levelOf, LEVELS_SAID, nearestCode, type SeverityOverrides } from '../analysis/codes';
import { SETTINGS_SECTION, type MarsSettings } from '../protocol';
import { briefly, briefName } from './told';

/**
 * A code's setting as users write it in settings.json and find it in VS Code's Settings editor: each
 * code is a setting of its own there (package.json), `mars.diagnostics.unknown-tool`. A code the user
 * made up is named briefly (`briefName`: its invisible characters written as escapes, and shortened).
 */
const settingId = (code: string) => `${SETTINGS_SECTION}.diagnostics.${briefName(code)}`;

/**
 * The severity overrides in the `mars` settings. What is not understood is left out and told to
 * `problem`, in words the user can act on: VS Code checks settings against the extension's schema,
 * but other editors pass on whatever the user wrote.
 */
function overridesFrom(settings: MarsSettings | null | undefined, problem: (message: string) => void = () => undefined): SeverityOverrides {
  const out: SeverityOverrides = {};
  const diagnostics: unknown = settings?.diagnostics;
  if (diagnostics === undefined || diagnostics === null) return out;
  if (typeof diagnostics !== 'object' || Array.isArray(diagnostics)) {
    problem(`${SETTINGS_SECTION}.diagnostics should map diagnostic codes to severities, not ${briefly(diagnostics)}; the default severities apply.`);
    return out;
  }
  for (const [code, level] of Object.entries(diagnostics)) {
    const normalized = levelOf(level);
    if (!isCode(code)) {
      const near = nearestCode(code);
      problem(`${settingId(code)}: no Mars TOML diagnostic has the code ${briefly(code)}${near ? ` (did you mean ${settingId(near)}?)` : ''}; the setting is ignored.`);
    } else if (normalized === undefined) {
      problem(`${settingId(code)}: ${briefly(level)} is not a severity (${LEVELS_SAID}); ${code} keeps its default, ${CODES[code].severity}.`);
    } else {
      out[code] = normalized;
    }
  }
  return out;
}

/** What the server does with the settings. */
export interface Settings {
  readonly overrides: SeverityOverrides;
  /** The most diagnostics sent for one file; 0: all. */
  readonly maxProblems: number;
}

/** The settings the server reads in `settings`, what is not understood told to `problem` (see `overridesFrom`). */
export function settingsFrom(settings: MarsSettings | null | undefined, problem: (message: string) => void = () => undefined): Settings {
  const overrides = overridesFrom(settings, problem);
  const max: unknown = settings?.maxProblems;
  if (max === undefined || max === null || (Number.isInteger(max) && (max as number) >= 0)) return { overrides, maxProblems: (max as number | null | undefined) ?? 0 };
  problem(`${SETTINGS_SECTION}.maxProblems: ${briefly(max)} is not a whole number of 0 or more; every problem is sent.`);
  return { overrides, maxProblems: 0 };
}

/** The most problems of the settings the message names (100,000 made-up codes were told in 12 MB); the rest are counted. */
const PROBLEMS_SHOWN = 5;

/**
 * How long a read of the settings waits for the client's answer before the defaults apply: a client
 * that declares `workspace/configuration` and never answers it would otherwise get no diagnostics
 * (pulls would wait until cancelled). An answer that comes later still applies (`answeredLate`).
 */
export const CONFIGURATION_WAIT_MS = 3000;

export class SettingsCache {
  private readonly cache = new Map<string, Promise<Settings>>();
  supported = false;
  /** Settings pushed with didChangeConfiguration, for clients without workspace/configuration. */
  global: Settings = { overrides: {}, maxProblems: 0 };

  /**
   * What was told of the settings as they were read before the last change of them, and what the
   * reads since have said (`''` for none): every document reads them, a change may come twice (VS
   * Code's client says so and so does the registration), and in a workspace of several folders the
   * documents of each read that folder's, so the same problems are told once while they stay, not
   * each time a document of that folder reads them after one of another folder.
   */
  private told = new Set<string>();
  private said = new Set<string>();

  /** Told that the settings of the document at `uri` came after the defaults were used for it, and differ from them. */
  answeredLate: (uri: string) => void = () => undefined;
  /** Whether the wait for an answer was told in the log (once a session: every document would tell it again). */
  private toldWait = false;

  constructor(private readonly connection: Connection) {}

  get(uri: string): Promise<Settings> {
    if (!this.supported) return Promise.resolve(this.global);
    let p = this.cache.get(uri);
    if (!p) {
      const asked = this.connection.workspace
        .getConfiguration({ scopeUri: uri, section: SETTINGS_SECTION })
        .then((s: MarsSettings) => this.read(s), () => this.global);
      p = this.orDefaultsAfterWait(uri, asked);
      this.cache.set(uri, p);
    }
    return p;
  }

  /** `asked`, or the defaults if it has not come within `CONFIGURATION_WAIT_MS`; then its answer replaces them when it comes. */
  private orDefaultsAfterWait(uri: string, asked: Promise<Settings>): Promise<Settings> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<Settings>((resolve) => {
      timer = setTimeout(() => {
        const defaults = this.global;
        if (!this.toldWait) this.connection.console.warn(`The client has not answered workspace/configuration within ${CONFIGURATION_WAIT_MS / 1000} s: the default settings apply until it does.`);
        this.toldWait = true;
        resolve(defaults);
        void asked.then((read) => {
          // Forgotten meanwhile (closed, or the settings changed): a read of its own is coming.
          if (this.cache.get(uri) !== p) return;
          this.cache.set(uri, asked);
          if (read.maxProblems !== defaults.maxProblems || JSON.stringify(read.overrides) !== JSON.stringify(defaults.overrides)) this.answeredLate(uri);
        });
      }, CONFIGURATION_WAIT_MS);
    });
    const p = Promise.race([asked.finally(() => clearTimeout(timer)), waited]);
    return p;
  }

  /**
   * What the server reads in `settings`. Its problems are shown to the user in one message (VS Code shows
   * three pop-ups at a time), the first few named and the rest counted, unless it is the message shown last.
   */
  read(settings: MarsSettings | null | undefined): Settings {
    const problems: string[] = [];
    const read = settingsFrom(settings, (p) => problems.push(p));
    const more = problems.length - PROBLEMS_SHOWN;
    const message = problems.length === 0 ? '' : problems.length === 1 ? `Mars TOML: ${problems[0]}`
      : `Mars TOML settings: ${problems.slice(0, PROBLEMS_SHOWN).join(' ')}${more > 0 ? ` And ${more} more problems with the ${SETTINGS_SECTION} settings, not shown here.` : ''}`;
    if (!this.said.has(message) && !this.told.has(message)) {
      // A notification: the message asks nothing of the user (showWarningMessage would be a request).
      if (message) void this.connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message });
    }
    this.said.add(message);
    return read;
  }

  /**
   * Forgets the settings read for the document at `uri`, or, without one, for every document: they
   * changed. Then what the reads since the change before said is what was told, unless none was read
   * (a change told twice): a problem that stays is not told again, and one set right and then made
   * again is.
   */
  forget(uri?: string): void {
    if (uri) return void this.cache.delete(uri);
    this.cache.clear();
    if (this.said.size > 0) [this.told, this.said] = [this.said, new Set()];
  }
}
