// What a failed write of the output does to a run: the checker's (main.ts), and one said again
// from the kept results (resultCache.ts), which must end as the check it repeats would.
import { reason } from './files';

/**
 * A reader that stops early (`mars-toml check | head`) closes the pipe: stop writing quietly and
 * keep the exit status of the check, as grep and ripgrep do, rather than die on an unhandled EPIPE.
 * Any other failure (a full disk) is exit 2, said once on stderr when that still takes it: a CI log
 * would otherwise show a failed step and no reason. `check --fix -` writes the document itself to
 * stdout, not a report of it (`documentOnStdout`): a reader gone before it is written loses it, and
 * that is a failure too (`mars-toml check --fix - < a | tee b` must not leave an empty b behind a success).
 */
export function watchOutput(documentOnStdout: () => boolean): void {
  let saidWhy = false;
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      const document = stream === process.stdout && documentOnStdout();
      if (e.code === 'EPIPE' && !document) return;
      process.exitCode = 2;
      if (stream === process.stdout && !saidWhy) {
        saidWhy = true;
        const why = e.code === 'EPIPE' ? 'the reader closed the pipe' : reason(e);
        process.stderr.write(`mars-toml: cannot write ${document ? 'the document to stdout' : 'the output'}: ${why}\n`);
      }
    });
  }
}
