// Reads the client's messages from stdin (or the socket or pipe of `--socket`, `--pipe`): a header
// (`Content-Length: <bytes>`, other fields, a blank line), then that many bytes of JSON. In the place of the library's StreamMessageReader, which read
// a header it could not make sense of in a way that left every later message misread, or unread:
// `-5` failed on each message after with a TypeError, `12.5`, `0x10`, `1e3` were taken for 12, 16 and
// 1, the last of two lengths won, and a huge length, or a header without its blank line, was waited
// for ever, the server saying nothing. Here a header is checked whole before its body is read; one
// that cannot be read is handed to `badHeader` with what is wrong, and nothing after it is read. A
// body that is no JSON leaves the stream in step: it is handed to `badBody`, and the next is read.
//
// Only the header's bytes are scanned (by Buffer.indexOf, natively); a body is gathered in the chunks
// it comes in and joined once, decoded as the library decodes it (UTF-8, JSON.parse).
import { AbstractMessageReader, Disposable, type DataCallback, type Message, type MessageReader } from 'vscode-languageserver/node';

/**
 * The most bytes a message may take. A document may have 10 MB (the spec's bound); its JSON, escaped,
 * up to twice that in practice (six times for control characters, which a mars.toml has none of), and a
 * didChange may carry it in more than one change: 256 MiB is well above any message a client sends for
 * such a file, and below what a string can hold in V8 (about 512 MiB): past it, the client is broken.
 */
export const MAX_CONTENT_LENGTH = 256 * 1024 * 1024;
/** The most bytes a header may take before its blank line (LSP's has one or two short fields). */
export const MAX_HEADER_LENGTH = 8192;

const LF = 0x0a;
const CR = 0x0d;
const EMPTY = Buffer.alloc(0);

/** What is wrong with a header (`lines`: its lines, without their ends), or its Content-Length. */
function contentLength(lines: string[]): string | number {
  let length: string | undefined;
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon < 0) return `a line of it is not \`name: value\`: ${JSON.stringify(line.slice(0, 100))}`;
    if (line.slice(0, colon).trim().toLowerCase() !== 'content-length') continue;
    const value = line.slice(colon + 1).trim();
    if (length !== undefined && value !== length) return `it has two Content-Lengths, ${length} and ${value}`;
    length = value;
  }
  if (length === undefined) return 'it has no Content-Length';
  if (!/^[0-9]+$/.test(length)) return `its Content-Length is not a whole number of bytes: ${JSON.stringify(length.slice(0, 100))}`;
  const n = Number(length);
  if (n > MAX_CONTENT_LENGTH) return `its Content-Length, ${length}, is over the ${MAX_CONTENT_LENGTH} bytes (256 MiB) a message may take`;
  return n;
}

export class StdioMessageReader extends AbstractMessageReader implements MessageReader {
  /** The bytes not read yet, from the start of a header (while no header is read). */
  private rest: Buffer = EMPTY;
  /** The body's bytes so far, in the chunks they came in, once its header is read. */
  private parts: Buffer[] = [];
  private gathered = 0;
  /** The body's length once its header is read, else -1. */
  private length = -1;
  /** Where the header's first line not ended yet starts in `rest` (its lines before are scanned). */
  private scanned = 0;
  private stopped = false;

  constructor(
    private readonly input: NodeJS.ReadableStream,
    private readonly badHeader: (why: string) => void,
    private readonly badBody: (why: string) => void,
  ) {
    super();
  }

  listen(callback: DataCallback): Disposable {
    const onData = (chunk: Buffer) => this.take(chunk, callback);
    const onError = (error: Error) => this.fireError(error);
    const onClose = () => this.fireClose();
    this.input.on('data', onData);
    this.input.on('error', onError);
    this.input.on('close', onClose);
    return Disposable.create(() => {
      this.input.off('data', onData);
      this.input.off('error', onError);
      this.input.off('close', onClose);
    });
  }

  // Not `read`: main.ts gives the reader a `read` of its own (for the library to take it for a stream).
  private take(chunk: Buffer, callback: DataCallback): void {
    if (this.stopped) return;
    if (this.length >= 0) {
      this.parts.push(chunk);
      this.gathered += chunk.length;
      if (this.gathered < this.length) return;
      const all = this.parts.length === 1 ? this.parts[0] : Buffer.concat(this.parts, this.gathered);
      this.parts = [];
      this.gathered = 0;
      const body = all.subarray(0, this.length);
      this.rest = all.subarray(this.length);
      this.length = -1;
      this.deliver(body, callback);
    } else {
      this.rest = this.rest.length === 0 ? chunk : Buffer.concat([this.rest, chunk]);
    }
    while (this.rest.length > 0 && !this.stopped) {
      const header = this.header();
      if (header === undefined) {
        // A header begun in the chunk the last body ended in: its own bytes (fewer than 8 KiB), not a view
        // of that chunk, which for a body that came in parts is the whole body joined (10 MB for a big
        // didChange), kept until the header's next bytes came.
        if (this.rest.buffer.byteLength > MAX_HEADER_LENGTH) this.rest = Buffer.from(this.rest);
        return;
      }
      if (typeof header === 'string') return this.stop(header);
      const [length, bodyStart] = header;
      const rest = this.rest;
      if (rest.length - bodyStart >= length) {
        this.rest = rest.subarray(bodyStart + length);
        this.deliver(rest.subarray(bodyStart, bodyStart + length), callback);
      } else {
        this.rest = EMPTY;
        // As a header's start above: the body's first bytes on their own if they are a small view of more
        // (the last body joined), which would stay until this body is whole.
        const begun = rest.subarray(bodyStart);
        this.parts = [begun.buffer.byteLength > 2 * begun.length + MAX_HEADER_LENGTH ? Buffer.from(begun) : begun];
        this.gathered = rest.length - bodyStart;
        this.length = length;
        return;
      }
    }
    // Not an empty view of the last body's chunk, which would keep it (10 MB) until the next message.
    this.rest = EMPTY;
  }

  /**
   * The header at the start of `rest`: its body's length and where the body starts, what is wrong
   * with it, or undefined until it is whole. A line may end in LF alone, not CRLF as LSP says: gopls's
   * jsonrpc2 and clangd read such a header (lines to LF, trimmed), where rust-analyzer's lsp-server
   * stops ("malformed header") and the library waited for ever. Reading it misreads nothing: in a
   * valid header an LF only ever ends a line, and the first empty line ends the header either way.
   */
  private header(): [number, number] | string | undefined {
    const rest = this.rest;
    if (rest[0] === 0x7b || rest[0] === 0x5b) return `it starts with "${String.fromCharCode(rest[0])}": a message is a header (Content-Length: <bytes>, then a blank line), then the JSON`;
    // From the first line not ended when the last chunk came: a header that comes a byte at a time is
    // scanned once (scanned from its start at each byte, 8 KiB of short lines took 3 s). Its lines are
    // read once it is whole.
    for (let start = this.scanned; ;) {
      const lf = rest.indexOf(LF, start);
      if (lf < 0 || lf >= MAX_HEADER_LENGTH) {
        this.scanned = start;
        return rest.length >= MAX_HEADER_LENGTH ? `no blank line ends it within its first ${MAX_HEADER_LENGTH} bytes` : undefined;
      }
      if (lf === start || (lf === start + 1 && rest[start] === CR)) {
        this.scanned = 0;
        const lines = start === 0 ? [] : rest.toString('latin1', 0, start - 1).split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
        const length = contentLength(lines);
        return typeof length === 'string' ? length : [length, lf + 1];
      }
      start = lf + 1;
    }
  }

  private deliver(body: Buffer, callback: DataCallback): void {
    let message: Message;
    try {
      message = JSON.parse(body.toString('utf8')) as Message;
    } catch (e) {
      this.badBody(`the message is no JSON (${e instanceof Error ? e.message : String(e)}): it was not read`);
      return;
    }
    try {
      callback(message);
    } catch (e) {
      // As the library's reader: what the connection fails on (a $/cancelRequest without params) is its error, not the reader's end.
      this.fireError(e);
    }
  }

  private stop(why: string): void {
    this.stopped = true;
    this.rest = EMPTY;
    this.badHeader(why);
  }
}
