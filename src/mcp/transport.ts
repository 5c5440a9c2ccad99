// The MCP server's stdio transport: one JSON-RPC message per line on stdin, answers on stdout. The SDK's
// StdioServerTransport passes a line that does not parse to `onerror` and answers nothing (the client's request waits
// for ever), and closes the session, answering nothing, on a line over its buffer's 10 MB. This one answers every
// line: a line over the size limit (10 MB) is skipped to its end and answered with a JSON-RPC error that names the
// limit (the session goes on), a line that is not JSON (`NaN`, `Infinity`, garbage) with the protocol's parse error
// (-32700, id null), one that is not a JSON-RPC message with "invalid request"; and when stdin ends or fails, or
// stdout cannot be written (the client stopped reading), it says so (`onclose` with the reason), so the server can stop
// its local service and exit rather than outlive its client.
import type { Readable, Writable } from 'stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** The longest message read (bytes of one line): the SDK's own limit. */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** Why the session ended: stdin's end (the client went away), or an error reading stdin or writing stdout. */
export type SessionEnd = { kind: 'end' } | { kind: 'error'; stream: 'stdin' | 'stdout'; error: Error };

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

/** The request id of a line that is JSON but not a valid message, when it has one (an error answer carries it). */
function idOf(value: unknown): string | number | null {
  const id = value && typeof value === 'object' ? (value as { id?: unknown }).id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** How the session ended, once it has (read by the server when `onclose` fires). */
  ended: SessionEnd | undefined;

  private chunks: Buffer[] = [];
  private size = 0;
  /** Skipping the rest of a line that is over the limit (its bytes so far). */
  private skipping: number | undefined;
  /** The first and the last bytes of the line being skipped: where its request id is (first or last member). */
  private skippedHead = '';
  private skippedTail = Buffer.alloc(0);
  private closed = false;

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
    private readonly maxBytes = MAX_MESSAGE_BYTES,
  ) {}

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('end', () => this.finish({ kind: 'end' }));
    this.input.on('close', () => this.finish({ kind: 'end' }));
    this.input.on('error', (error: Error) => this.finish({ kind: 'error', stream: 'stdin', error }));
    this.output.on('error', (error: Error) => this.finish({ kind: 'error', stream: 'stdout', error }));
  }

  private readonly onData = (chunk: Buffer | string): void => {
    let data = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    while (data.length) {
      const nl = data.indexOf(0x0a);
      const part = nl === -1 ? data : data.subarray(0, nl);
      if (this.skipping !== undefined) {
        this.skipping += part.length;
        this.skippedTail = Buffer.concat([this.skippedTail, part.subarray(Math.max(0, part.length - 256))]);
        this.skippedTail = this.skippedTail.subarray(Math.max(0, this.skippedTail.length - 256));
      }
      else if (this.size + part.length > this.maxBytes) {
        // Over the limit: the line so far is dropped and the rest skipped to its end, then answered.
        this.skipping = this.size + part.length;
        this.skippedHead = Buffer.concat([...this.chunks, part.subarray(0, 4096)]).subarray(0, 4096).toString('utf8');
        this.skippedTail = Buffer.from(part.subarray(Math.max(0, part.length - 256)));
        this.chunks = [];
        this.size = 0;
      } else {
        this.chunks.push(part);
        this.size += part.length;
      }
      if (nl === -1) return;
      data = data.subarray(nl + 1);
      this.endOfLine();
    }
  };

  private endOfLine(): void {
    if (this.skipping !== undefined) {
      const bytes = this.skipping;
      this.skipping = undefined;
      // The answer carries the request's id (its last member, or its first) so that the client's call ends with it.
      const ID = '"id"\\s*:\\s*("(?:[^"\\\\]|\\\\.)*"|-?\\d+)';
      const id =
        new RegExp(`${ID}\\s*}\\s*$`).exec(this.skippedTail.toString('utf8'))?.[1] ??
        new RegExp(`^\\s*{\\s*(?:"jsonrpc"\\s*:\\s*"2\\.0"\\s*,\\s*)?${ID}`).exec(this.skippedHead)?.[1];
      this.skippedHead = '';
      this.skippedTail = Buffer.alloc(0);
      void this.error(id === undefined ? null : (JSON.parse(id) as string | number), INVALID_REQUEST, `The message is ${bytes} bytes, over the limit of ${this.maxBytes} bytes (10 MB): send a smaller input (fewer paths, a smaller limit).`);
      return;
    }
    const line = Buffer.concat(this.chunks).toString('utf8').replace(/\r$/, '');
    this.chunks = [];
    this.size = 0;
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      void this.error(null, PARSE_ERROR, 'Parse error: the line is not JSON (one JSON-RPC message per line).');
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      void this.error(idOf(value), INVALID_REQUEST, 'Invalid request: not a JSON-RPC 2.0 message (jsonrpc "2.0", a method, or a result/error with an id).');
      return;
    }
    this.onmessage?.(parsed.data);
  }

  private error(id: string | number | null, code: number, message: string): Promise<void> {
    this.onerror?.(new Error(message));
    return this.write({ jsonrpc: '2.0', id, error: { code, message } });
  }

  private write(message: unknown): Promise<void> {
    return new Promise((resolve) => {
      if (this.output.write(JSON.stringify(message) + '\n')) resolve();
      else this.output.once('drain', () => resolve());
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.write(message);
  }

  private finish(end: SessionEnd): void {
    if (this.closed) return;
    this.closed = true;
    this.ended = end;
    this.input.off('data', this.onData);
    this.onclose?.();
  }

  async close(): Promise<void> {
    this.finish({ kind: 'end' });
  }
}
