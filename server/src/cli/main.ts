// The `mars-toml` command-line program: a thin front on the same analysis the server uses.

import { version } from '../../../package.json';
import fs from 'node:fs';
import { CHECK_OPTIONS, inert, parseCheckArgs, runCheck, UsageError } from './check';
import { nearestWord } from '../grammar/checks';
import { shown } from '../grammar/text';
import { parseNames } from './parseNames';
import { shellWord } from './files';
import { watchOutput } from './outputErrors';
import { codeIsWarm } from '../node/codeCache';

const CHECK = 'check [paths... | -] [--format text|json|github] [--fix] [--severity <code>=<level>]... [--stdin-filename <path>] [--no-respect-gitignore] [--no-cache]';

const USAGE = `usage: mars-toml <command>

commands:
  ${CHECK}
                           check mars.toml / mars.local.toml files (more: mars-toml check --help)
  parse-names              read one JSON string literal per line on stdin, print one parse per line (JSON)
  help [<command>]         print this help, or a command's (mars-toml help check, as mars-toml check --help)
  --version                print the version
`;

const CHECK_USAGE = `usage: mars-toml ${CHECK}

Checks the tool names in mars.toml and mars.local.toml. A path is a file, or a folder searched
for them (node_modules, .git and .mars skipped, and what git ignores); the default is the current
folder. A file named is checked even when git ignores it. A path of - reads one document from
stdin (no other path with it), as a file is read.

  --format text     one line per problem: file:line:column: severity code message (the default),
                    and an indented note line under it for each place it names (the first entry)
  --format json     an array of problems, LSP ranges, each with the fixes an editor offers
  --format github   GitHub Actions annotations, shown on a pull request's lines
  --fix             apply the safe fixes, writing each file in place, then report what is left;
                    with -, write the document to stdout, fixed or not, and the report to stderr
                    (text or github)
  --severity <code>=<level>
                    report a code at another level (error, warning, information, hint) or not at
                    all (off), as the editor's setting mars.diagnostics.<code> does; repeatable;
                    a code turned off is not fixed by --fix either (--severity non-canonical=error
                    fails the run on an alias)
  --stdin-filename <path>
                    the path the document read from - is reported as (<stdin> without it)
  --no-respect-gitignore
                    search folders without skipping what git ignores (the .gitignore files in
                    and above them, and the repository's .git/info/exclude)
  --no-cache        check the files even when they hold what they held at the last check of the
                    same paths (whose output is kept, and said again, in the user's cache folder)

exit 0: no errors, 1: errors found, 2: usage error, a file or folder not read, a file not fixed,
or output not written
`;

/**
 * An argument quoted back in an error: a hook passes file names as arguments, and one that holds a
 * line break or `##[` must not make a line of stderr that GitHub reads as a workflow command.
 */
const said = (text: string): string => inert(shown(text));

const COMMANDS = ['check', 'parse-names', 'help', '--help', '--version'];

/** What the tools a user types daily call a command of ours: eslint's and node's -v, tombi's lint, a fix command (ruff's and eslint's are an option of their check). */
const ELSEWHERE: Readonly<Record<string, string>> = { '-v': '--version', lint: 'check', fix: 'mars-toml check --fix' };

/**
 * What an unknown command most likely meant: a mistyped one (`chek`), or `check` left out before a
 * path or one of its options (`mars-toml mars.toml`, `mars-toml --fix`), as clap's tips say.
 */
function meant(command: string): string {
  const near = ELSEWHERE[command] ?? nearestWord(command, COMMANDS);
  if (near) return ` (did you mean ${near}?)`;
  // A command to paste: the word quoted as a shell reads it (a path with a space was two paths).
  if (command === '-' || CHECK_OPTIONS.includes(command.split('=')[0]!)) return ` (did you mean mars-toml check ${shellWord(command)}?)`;
  // A path that starts with `-` would be read as an option: `./` before it, as check reads it.
  if (fs.existsSync(command)) return ` (did you mean mars-toml check ${shellWord(command.startsWith('-') ? `./${command}` : command)}?)`;
  return '';
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'check':
      try {
        const options = parseCheckArgs(rest);
        if (!options.help) {
          documentOnStdout = options.fix && options.paths[0] === '-';
          const code = await runCheck(options, process.stdout, process.stderr, process.stdin);
          codeIsWarm(); // a check ran: its code is what the cache is for (not a usage error's)
          return code;
        }
        process.stdout.write(CHECK_USAGE);
        return 0;
      } catch (e) {
        if (!(e instanceof UsageError)) throw e;
        // The usage line, not the whole help, as clap's: the error stays on screen, above 20 lines of options.
        process.stderr.write(`mars-toml check: ${said(e.message)}\nusage: mars-toml ${CHECK}\nmore: mars-toml check --help\n`);
        return 2;
      }
    case 'parse-names':
      if (rest[0] === '--help' || rest[0] === '-h') {
        process.stdout.write(USAGE);
        return 0;
      }
      if (rest.length > 0) {
        process.stderr.write(`mars-toml parse-names: it reads stdin and takes no arguments, not '${said(rest[0]!)}'\n${USAGE}`);
        return 2;
      }
      return parseNames(process.stdin, process.stdout, process.stderr);
    case '-V':
    case '--version':
      // An argument after it is a usage error, as after parse-names and help's command: dropped, it
      // would seem to have been done (`mars-toml --version check`).
      if (rest.length > 0) {
        process.stderr.write(`mars-toml --version: it takes no arguments, not '${said(rest[0]!)}'\n${USAGE}`);
        return 2;
      }
      process.stdout.write(`mars-toml ${version}\n`);
      return 0;
    case '-h':
    case '--help':
    case 'help':
      // `help check`, as git's and clap's `help <command>`: the help of check. A command that does
      // not exist (`help chek`) is a usage error, as clap's, not the general help with exit 0.
      if (rest[0] !== undefined && !COMMANDS.includes(rest[0]) && rest[0] !== '-h' && rest[0] !== '-V') {
        const near = nearestWord(rest[0], ['check', 'parse-names']);
        process.stderr.write(`mars-toml help: unknown command '${said(rest[0])}'${near ? ` (did you mean ${near}?)` : ''}\n${USAGE}`);
        return 2;
      }
      if (rest.length > 1) {
        process.stderr.write(`mars-toml help: it takes one command, not also '${said(rest[1]!)}'\n${USAGE}`);
        return 2;
      }
      process.stdout.write(rest[0] === 'check' ? CHECK_USAGE : USAGE);
      return 0;
    default:
      // No command at all is the help; an empty one (`"$CMD"` unset) is one not known, as `help ''` says.
      process.stderr.write(command === undefined ? USAGE : `mars-toml: unknown command '${said(command)}'${meant(command)}\n${USAGE}`);
      return 2;
  }
}

/** `check --fix -`: stdout is the document itself, whose loss is a failure (see watchOutput). */
let documentOnStdout = false;
watchOutput(() => documentOnStdout);

main(process.argv.slice(2)).then(
  (code) => {
    // An output that could not be written (a full disk) has already made it 2.
    process.exitCode = Math.max(code, Number(process.exitCode ?? 0));
  },
  (error: unknown) => {
    process.stderr.write(`mars-toml: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
