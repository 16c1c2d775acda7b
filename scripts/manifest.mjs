// Keeps the settings that package.json contributes in step with the diagnostics catalogue
// (server/src/analysis/codes.ts): one `mars.diagnostics.<code>` setting per code, its default the
// code's severity, its description the code's summary.
//   node scripts/manifest.mjs           rewrite package.json's contributes.configuration
//   node scripts/manifest.mjs --check   exit 1 if package.json is out of date (run by npm test)
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const manifestPath = path.join(root, 'package.json');

async function loadCodes() {
  const { outputFiles } = await esbuild.build({
    entryPoints: [path.join(root, 'server/src/analysis/codes.ts')], bundle: true, write: false, format: 'cjs', platform: 'node', logLevel: 'silent',
  });
  const module = { exports: {} };
  new Function('module', 'exports', outputFiles[0].text)(module, module.exports);
  return module.exports.CODES;
}

const LEVELS = ['error', 'warning', 'information', 'hint', 'off'];
const LEVEL_TEXT = {
  error: 'Show as an error.',
  warning: 'Show as a warning.',
  information: 'Show as information.',
  hint: 'Show as a hint (a few dots under its start, not in the Problems panel).',
  off: 'Do not report.',
};

export async function configuration() {
  const codes = await loadCodes();
  const diagnostics = {};
  let order = 0;
  for (const [code, { severity, summary }] of Object.entries(codes)) {
    diagnostics[`mars.diagnostics.${code}`] = {
      type: 'string',
      enum: LEVELS,
      enumDescriptions: LEVELS.map((l) => LEVEL_TEXT[l]),
      default: severity,
      scope: 'resource',
      order: order++,
      description: `\`${code}\`: ${summary}`,
      markdownDescription: `\`${code}\`: ${summary}`,
    };
  }
  // The Settings editor lists the categories under the extension's display name (Mars TOML): their
  // titles name only the category, or its narrow table of contents cut both to "Mars TOML: …".
  return [
    { id: 'mars-diagnostics', title: 'Diagnostics', order: 0, properties: diagnostics },
    {
      id: 'mars-server',
      title: 'Language Server',
      order: 1,
      properties: {
        'mars.maxProblems': {
          type: 'integer',
          minimum: 0,
          // VS Code shows no more of a file: past it, VS Code's own cut would drop the note.
          maximum: 1000,
          default: 1000,
          scope: 'resource',
          markdownDescription: 'The most problems the server sends for one file, errors first; when there are more, the last one sent is a note saying how many were left out. `0` sends all (up to 100,000): VS Code shows at most 1,000 of a file, and reads all the others before it drops them, which on a big file costs more than the analysis.',
        },
        'mars.trace.server': {
          // vscode-languageclient traces only when the channel's log level is Trace, and reads this
          // setting for how much (an `off` here would trace messages all the same).
          type: 'string',
          enum: ['messages', 'verbose'],
          enumDescriptions: ['Each request and notification between VS Code and the server.', 'Each message with its parameters.'],
          default: 'messages',
          scope: 'window',
          markdownDescription: 'How much of the communication between VS Code and the Mars TOML language server the "Mars TOML" output channel shows when its log level is Trace (the gear beside the channel in the Output panel, or **Developer: Set Log Level...**). At any other level, none is shown.',
        },
      },
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const wanted = await configuration();
  const current = JSON.stringify(manifest.contributes?.configuration);
  if (process.argv.includes('--check')) {
    if (current !== JSON.stringify(wanted)) {
      console.error('package.json contributes.configuration is out of date with server/src/analysis/codes.ts: run `node scripts/manifest.mjs`');
      process.exit(1);
    }
    console.log(`package.json settings match codes.ts (${Object.keys(wanted[0].properties).length} diagnostic codes)`);
  } else {
    manifest.contributes = { ...manifest.contributes, configuration: wanted };
    fs.writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
    console.log('package.json contributes.configuration updated');
  }
}
