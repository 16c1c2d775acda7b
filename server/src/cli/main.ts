// The `mars-toml` command-line program: a thin front on the same analysis the server uses.

import { parseNames } from './parseNames';

const USAGE = `usage: mars-toml <command>

commands:
  parse-names              read one JSON string literal per line on stdin, print one parse per line (JSON)
`;

async function main(argv: string[]): Promise<number> {
  const [command] = argv;
  switch (command) {
    case 'parse-names':
      return parseNames(process.stdin, process.stdout, process.stderr);
    case '-h':
    case '--help':
    case 'help':
      process.stdout.write(USAGE);
      return 0;
    default:
      process.stderr.write(command ? `mars-toml: unknown command '${command}'\n${USAGE}` : USAGE);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`mars-toml: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
