// VS Code keeps at most 1,000 diagnostics of a file (errors first, then warnings, information and
// hints, each kind in the order sent) and drops the rest, but only after its client has read them
// all: a big file's 30,000 findings cost it 6.8 MB of JSON on every keystroke for 1,000 shown. With
// a cap (the extension's `mars.maxProblems`, 1,000 by default; MOST_SENT for other editors, and for
// `0`) the server sends the ones VS Code would keep, and one note that says how many it left out.

import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver';
import { DIAGNOSTIC_SOURCE } from '../protocol';
import type { EncodedRun } from './encodedRuns';

/**
 * The most diagnostics sent for one file, whatever the setting. A message of all of a file packed
 * with mistakes could not be written at all: 2 million `""` entries in 8 MB make more JSON than
 * the longest string a JS engine holds (about 2^29 characters), on either end of the connection.
 */
export const MOST_SENT = 100_000;

const SEVERITIES = [DiagnosticSeverity.Error, DiagnosticSeverity.Warning, DiagnosticSeverity.Information, DiagnosticSeverity.Hint];

/**
 * The first `setting` diagnostics of `runs` as VS Code picks them (MOST_SENT for `0` and past it),
 * the note last; null when there are no more. `severityOf` reads a diagnostic's severity from its
 * run's source, so only the diagnostics sent are made. `reserved`: places of `setting` taken by
 * diagnostics sent before these (the note on a file's name).
 */
export function capped<S>(runs: ReadonlyArray<EncodedRun<Diagnostic, S>>, setting: number, severityOf: (s: S) => DiagnosticSeverity, reserved = 0): Diagnostic[] | null {
  let total = 0;
  for (const run of runs) total += run.length;
  const bySetting = setting > 0 && setting <= MOST_SENT;
  const max = bySetting ? setting : MOST_SENT;
  if (total + reserved <= max) return null;
  const counts = new Map<number, number>();
  for (const run of runs) {
    run.pick((s) => {
      const severity = severityOf(s);
      counts.set(severity, (counts.get(severity) ?? 0) + 1);
      return false;
    });
  }
  // How many of each severity fit, the note taking the last place.
  const quota = new Map<number, number>();
  let room = Math.max(0, max - 1 - reserved);
  for (const s of SEVERITIES) {
    const n = Math.min(room, counts.get(s) ?? 0);
    quota.set(s, n);
    room -= n;
  }
  const out: Diagnostic[] = [];
  for (const run of runs) {
    for (const d of run.pick((s) => {
      const severity = severityOf(s);
      const left = quota.get(severity) ?? 0;
      if (left === 0) return false;
      quota.set(severity, left - 1);
      return true;
    })) out.push(d);
  }
  out.push({
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: DiagnosticSeverity.Information,
    source: DIAGNOSTIC_SOURCE,
    // VS Code's own limit is the reason only when the setting is at it; a lower one is the user's choice.
    message: `Mars TOML shows ${Math.max(0, max - 1 - reserved)} of the ${total} problems of this file, errors first (${bySetting
      ? `setting mars.maxProblems${max === 1000 ? ', as VS Code shows no more than 1,000' : ''}`
      : 'the most it sends: a message of them all could be too long for an editor to read'}); \`mars-toml check\` lists them all.`,
  });
  return out;
}
