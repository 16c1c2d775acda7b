// Settings per document, read through `workspace/configuration` (scoped to the document, so a
// folder's settings apply) and cached until the client says they changed.

import { type Connection, MessageType, ShowMessageNotification } from 'vscode-languageserver';
import { CODES, isCode, type SeverityOverrides } from '../analysis/codes';
import { editDistance } from '../grammar/checks';
import { SETTINGS_SECTION, type MarsSettings } from '../protocol';

const LEVELS = new Set(['error', 'warning', 'information', 'hint', 'off']);

/**
 * The severity overrides in the `mars` settings. What is not understood is left out and told to
 * `problem`, in words the user can act on: VS Code checks settings against the extension's schema,
 * but other editors pass on whatever the user wrote.
 */
export function overridesFrom(settings: MarsSettings | null | undefined, problem: (message: string) => void = () => undefined): SeverityOverrides {
  const out: SeverityOverrides = {};
  const diagnostics: unknown = settings?.diagnostics;
  if (diagnostics === undefined || diagnostics === null) return out;
  if (typeof diagnostics !== 'object' || Array.isArray(diagnostics)) {
    problem(`${SETTINGS_SECTION}.diagnostics should map diagnostic codes to severities, not ${JSON.stringify(diagnostics)}; the default severities apply.`);
    return out;
  }
  for (const [code, level] of Object.entries(diagnostics)) {
    const normalized = level === 'info' ? 'information' : level;
    if (!isCode(code)) {
      const near = Object.keys(CODES).find((c) => editDistance(code.toLowerCase(), c, 2) <= 2);
      problem(`${SETTINGS_SECTION}.diagnostics: ${JSON.stringify(code)} is not a Mars TOML diagnostic code${near ? ` (did you mean ${JSON.stringify(near)}?)` : ''}; the setting is ignored.`);
    } else if (typeof normalized !== 'string' || !LEVELS.has(normalized)) {
      problem(`${SETTINGS_SECTION}.diagnostics[${JSON.stringify(code)}]: ${JSON.stringify(level)} is not a severity (error, warning, information, hint or off); ${code} keeps its default, ${CODES[code].severity}.`);
    } else {
      out[code] = normalized as SeverityOverrides[typeof code];
    }
  }
  return out;
}

export class SettingsCache {
  private readonly cache = new Map<string, Promise<SeverityOverrides>>();
  supported = false;
  /** Settings pushed with didChangeConfiguration, for clients without workspace/configuration. */
  global: SeverityOverrides = {};

  /** Problems already told since the settings last changed: every document reads the same settings. */
  private readonly told = new Set<string>();

  constructor(private readonly connection: Connection) {}

  get(uri: string): Promise<SeverityOverrides> {
    if (!this.supported) return Promise.resolve(this.global);
    let p = this.cache.get(uri);
    if (!p) {
      p = this.connection.workspace
        .getConfiguration({ scopeUri: uri, section: SETTINGS_SECTION })
        .then((s: MarsSettings) => this.read(s), () => this.global);
      this.cache.set(uri, p);
    }
    return p;
  }

  /** The overrides in `settings`; each problem in them is shown to the user once. */
  read(settings: MarsSettings | null | undefined): SeverityOverrides {
    return overridesFrom(settings, (message) => {
      if (this.told.has(message)) return;
      this.told.add(message);
      // A notification: the message asks nothing of the user (showWarningMessage would be a request).
      void this.connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message });
    });
  }

  forget(uri?: string): void {
    if (uri) return void this.cache.delete(uri);
    this.cache.clear();
    this.told.clear();
  }
}
