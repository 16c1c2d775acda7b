// `mars-toml parse-names`: one JSON string literal per stdin line in, one parse record per line out,
// in the format of shared/conformance/tool-names.jsonl.

import { constants } from 'node:buffer';
import { parseRecord, toJsonLine } from '../grammar/record';
import { shortened, shown } from '../grammar/text';
import { inert } from './check';
import { notADocument } from './read';

// An escaped half of a surrogate pair (`"\ud800"`) is JSON's grammar but no Unicode text: Rust's
// serde_json refuses it, and no name Mars loads (UTF-8) can hold one, so there is no parse of it to answer.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const LF = 0x0a;
const CR = 0x0d;

/** `maxBytes`: the longest line read, past which it cannot be held as text (about 512 MiB); a test's is smaller. */
export async function parseNames(input: NodeJS.ReadableStream, out: NodeJS.WritableStream, err: NodeJS.WritableStream, maxBytes: number = constants.MAX_STRING_LENGTH): Promise<number> {
  // Named as every message of the program names its command (`mars-toml check: …`): a harness's
  // stderr mixes the lines of several programs. Made `inert` as the checker's are: a line it quotes
  // could hold `##[`, which GitHub reads as a workflow command anywhere in a line of a step's output.
  const complain = (message: string) => err.write(`mars-toml parse-names: ${inert(message)}\n`);
  const empty = notADocument(input, 'pipe the names in, one JSON string literal a line');
  if (empty !== null) {
    complain(`cannot read stdin: ${empty}`);
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
    // Neither is read past (`hold`): the line may not end at all (`< /dev/zero`).
    const why = bytes.includes(0) ? 'holds a NUL byte, which no JSON text holds (is the input binary?)' : bytes.length > maxBytes ? `longer than ${maxBytes} bytes, the most a line may hold` : null;
    if (why) {
      complain(`line ${lineNo}: ${why}`);
      failed++;
      return;
    }
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
    // Made `inert` as the checker's output is: GitHub reads `##[` as a workflow command anywhere in a line of a step's stdout too; the escape reads back as `[` in JSON.
    buffer += inert(toJsonLine(parseRecord(value))) + '\n';
    if (buffer.length > 1 << 16) {
      out.write(buffer);
      buffer = '';
    }
  };
  // The first line of the next bytes answered is the end of one answered already (`dropping`).
  let endsAnswered = false;
  /** The lines of `bytes`, which holds no LF: `\r` ends one too, as readline reads it. */
  const answerAll = (bytes: Uint8Array) => {
    for (let start = 0; ; ) {
      const cr = bytes.indexOf(CR, start);
      if (endsAnswered) endsAnswered = false;
      else answer(bytes.subarray(start, cr === -1 ? bytes.length : cr));
      if (cr === -1) return;
      start = cr + 1;
    }
  };
  // The bytes of the line not yet ended, kept as read: joined once its end comes (a line of
  // megabytes arrives in many chunks).
  let pending: Buffer[] = [];
  let pendingSize = 0;
  // The rest of a line answered before its end, which is not kept: up to the next \r or \n.
  let dropping = false;
  /**
   * Keeps `tail`, bytes of lines not yet ended. A line holding a NUL byte, which no JSON text holds,
   * or longer than a string holds, is answered at once, and not kept: `< /dev/zero` made one line
   * without end, kept until memory ran out, and said nothing; a binary file piped in, one of its size.
   */
  const hold = (tail: Buffer) => {
    if (dropping) {
      const cr = tail.indexOf(CR);
      if (cr === -1) return;
      // From the \r that ends it: a \n after it, in the next chunk, ends no other line.
      (dropping = false), (endsAnswered = true), (tail = tail.subarray(cr));
    }
    pending.push(tail);
    pendingSize += tail.length;
    if (!tail.includes(0) && pendingSize <= maxBytes) return;
    const held = Buffer.concat(pending);
    const lastCr = held.lastIndexOf(CR);
    if (lastCr !== -1) answerAll(held.subarray(0, lastCr)); // the lines ended by a \r
    const line = held.subarray(lastCr + 1);
    if (line.includes(0) || line.length > maxBytes) (pending = []), (pendingSize = 0), answer(line), (dropping = true);
    else (pending = [line]), (pendingSize = line.length);
  };
  try {
    for await (const data of input) {
      if (gone) break;
      const chunk = typeof data === 'string' ? Buffer.from(data) : (data as Buffer);
      let start = 0;
      for (let lf = chunk.indexOf(LF); lf !== -1 && !gone; lf = chunk.indexOf(LF, start)) {
        let line = chunk.subarray(start, lf);
        start = lf + 1;
        if (dropping) {
          // The line answered already ends here, or at a \r before.
          dropping = false;
          const cr = line.indexOf(CR);
          if (cr === -1) continue;
          (endsAnswered = true), (line = line.subarray(cr));
        } else if (pending.length > 0) (line = Buffer.concat([...pending, line])), (pending = []), (pendingSize = 0);
        // `\r\n` ends one line.
        answerAll(line.at(-1) === CR ? line.subarray(0, -1) : line);
      }
      if (start < chunk.length) hold(chunk.subarray(start));
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
