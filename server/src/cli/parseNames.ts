// `mars-toml parse-names`: one JSON string literal per stdin line in, one parse record per line out,
// in the format of shared/conformance/tool-names.jsonl.

import { parseRecord, toJsonLine } from '../grammar/record';
import { shortened, shown } from '../grammar/text';
import { inert } from './check';
import { reason } from './files';
import { isFolder } from './read';

// An escaped half of a surrogate pair (`"\ud800"`) is JSON's grammar but no Unicode text: Rust's
// serde_json refuses it, and no name Mars loads (UTF-8) can hold one, so there is no parse of it to answer.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const LF = 0x0a;
const CR = 0x0d;

export async function parseNames(input: NodeJS.ReadableStream, out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number> {
  // Named as every message of the program names its command (`mars-toml check: …`): a harness's
  // stderr mixes the lines of several programs. Made `inert` as the checker's are: a line it quotes
  // could hold `##[`, which GitHub reads as a workflow command anywhere in a line of a step's output.
  const complain = (message: string) => err.write(`mars-toml parse-names: ${inert(message)}\n`);
  if (isFolder(input)) {
    complain(`cannot read stdin: ${reason({ code: 'EISDIR' })}`);
    return 2;
  }
  let lineNo = 0;
  let failed = 0;
  // A reader that went away (`| head`) ends the run: input that never ends would otherwise be read for no one.
  let gone = false;
  const stop = () => (input as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
  out.once('error', () => {
    gone = true;
    stop();
  });
  // Lines are split and decoded here, not by readline: its decoder turns a byte that is not UTF-8
  // into U+FFFD without a word, and the name answered for would not be the one written (a
  // vectors file saved as Latin-1: `café` answered as `caf\uFFFD`). JSON text is UTF-8.
  const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let buffer = '';
  const answer = (bytes: Uint8Array) => {
    lineNo++;
    // A BOM (an editor saving the input as "UTF-8 with BOM") is not part of the first literal.
    if (lineNo === 1 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
    let line: string;
    try {
      line = utf8.decode(bytes);
    } catch {
      complain(`line ${lineNo}: not UTF-8, as JSON text must be, got ${shortened(shown(new TextDecoder('utf-8').decode(bytes)))}`);
      failed++;
      return;
    }
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      value = undefined;
    }
    if (typeof value !== 'string') {
      complain(`line ${lineNo}: expected a JSON string literal such as "bash(git log:*)", got ${shortened(shown(line))}`);
      failed++;
      return;
    }
    const lone = LONE_SURROGATE.exec(value);
    if (lone) {
      complain(`line ${lineNo}: \\u${lone[0].charCodeAt(0).toString(16).toUpperCase()} is half of a surrogate pair, which no Unicode text holds (nor a name Mars reads), got ${shortened(shown(line))}`);
      failed++;
      return;
    }
    buffer += toJsonLine(parseRecord(value)) + '\n';
    if (buffer.length > 1 << 16) {
      out.write(buffer);
      buffer = '';
    }
  };
  /** The lines of `bytes`, which holds no LF: `\r` ends one too, as readline reads it. */
  const answerAll = (bytes: Uint8Array) => {
    for (let start = 0; ; ) {
      const cr = bytes.indexOf(CR, start);
      answer(bytes.subarray(start, cr === -1 ? bytes.length : cr));
      if (cr === -1) return;
      start = cr + 1;
    }
  };
  // The bytes of the line not yet ended, kept as read: joined once its end comes (a line of
  // megabytes arrives in many chunks).
  let pending: Buffer[] = [];
  try {
    for await (const data of input) {
      if (gone) break;
      const chunk = typeof data === 'string' ? Buffer.from(data) : (data as Buffer);
      let start = 0;
      for (let lf = chunk.indexOf(LF); lf !== -1 && !gone; lf = chunk.indexOf(LF, start)) {
        let line = chunk.subarray(start, lf);
        if (pending.length > 0) (line = Buffer.concat([...pending, line])), (pending = []);
        // `\r\n` ends one line.
        answerAll(line.at(-1) === CR ? line.subarray(0, -1) : line);
        start = lf + 1;
      }
      if (start < chunk.length) pending.push(chunk.subarray(start));
      // What came in is answered before more is awaited: a program that writes a name and waits for
      // its parse (a differential harness), or a person typing, would wait for the end of the input.
      if (buffer && !gone) out.write(buffer), (buffer = '');
    }
  } catch (e) {
    if (!gone) throw e; // stdin stopped because the reader went: not an error of reading it
  }
  if (gone) {
    stop(); // stdin, a pipe still being written, would keep the process waiting
    return failed > 0 ? 2 : 0;
  }
  // A last line without its line break; a text that ends in one has no line after it.
  if (pending.length > 0) answerAll(Buffer.concat(pending));
  out.write(buffer);
  return failed > 0 ? 2 : 0;
}
