// Settings per document, read through `workspace/configuration` (scoped to the document, so a
// folder's settings apply) and cached until the client says they changed.

import type { Connection } from 'vscode-languageserver';
import { isCode, type SeverityOverrides } from '../analysis/codes';
import { SETTINGS_SECTION, type MarsSettings } from '../protocol';

const LEVELS = new Set(['error', 'warning', 'information', 'hint', 'off']);

export function overridesFrom(settings: MarsSettings | null | undefined): SeverityOverrides {
  const out: SeverityOverrides = {};
  const diagnostics = settings?.diagnostics;
  if (!diagnostics || typeof diagnostics !== 'object') return out;
  for (const [code, level] of Object.entries(diagnostics)) {
    const normalized = level === 'info' ? 'information' : level;
    if (isCode(code) && typeof normalized === 'string' && LEVELS.has(normalized)) out[code] = normalized as SeverityOverrides[typeof code];
  }
  return out;
}

export class SettingsCache {
  private readonly cache = new Map<string, Promise<SeverityOverrides>>();
  supported = false;
  /** Settings pushed with didChangeConfiguration, for clients without workspace/configuration. */
  global: SeverityOverrides = {};

  constructor(private readonly connection: Connection) {}

  get(uri: string): Promise<SeverityOverrides> {
    if (!this.supported) return Promise.resolve(this.global);
    let p = this.cache.get(uri);
    if (!p) {
      p = this.connection.workspace
        .getConfiguration({ scopeUri: uri, section: SETTINGS_SECTION })
        .then((s: MarsSettings) => overridesFrom(s), () => this.global);
      this.cache.set(uri, p);
    }
    return p;
  }

  forget(uri?: string): void {
    if (uri) this.cache.delete(uri);
    else this.cache.clear();
  }
}
