// `mars-toml parse-names`: one JSON string literal per stdin line in, one parse record per line out,
// in the format of shared/conformance/tool-names.jsonl.

import { createInterface } from 'node:readline';
import { parseRecord, toJsonLine } from '../grammar/record';
import { shortened, shown } from '../grammar/text';

export async function parseNames(input: NodeJS.ReadableStream, out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number> {
  let lineNo = 0;
  let failed = 0;
  const lines = createInterface({ input, crlfDelay: Infinity });
  // A reader that went away (`| head`) ends the run: input that never ends would otherwise be read for no one.
  let gone = false;
  out.once('error', () => {
    gone = true;
    lines.close();
  });
  let buffer = '';
  for await (let line of lines) {
    if (gone) break;
    // A BOM (an editor saving the input as "UTF-8 with BOM") is not part of the first literal.
    if (lineNo++ === 0 && line.charCodeAt(0) === 0xfeff) line = line.slice(1);
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      value = undefined;
    }
    if (typeof value !== 'string') {
      err.write(`parse-names: line ${lineNo}: expected a JSON string literal such as "bash(git log:*)", got ${shortened(shown(line))}\n`);
      failed++;
      continue;
    }
    buffer += toJsonLine(parseRecord(value)) + '\n';
    if (buffer.length > 1 << 16) {
      out.write(buffer);
      buffer = '';
    }
  }
  // Gone: stdin, a pipe still being written, would keep the process waiting.
  if (gone) (input as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
  else out.write(buffer);
  return failed > 0 ? 2 : 0;
}
