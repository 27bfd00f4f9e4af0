// A bare websocket client speaking wire protocol v5 with `ws`, for what the SDKs never
// send (malformed frames, invalid keys) and for checking frames the SDKs would hide.
import WebSocket from 'ws';
import type { Target } from './target';
import { DEFAULT_WAIT_MS, EventLog, waitUntil, withTimeout } from './wait';

export interface Hello {
  ts: number;
  v: string;
  h: string;
  s: string;
}

export interface Envelope {
  t: string;
  d: unknown;
}

export interface ResponseBody {
  s: string;
  d: unknown;
}

export interface Push {
  a: string;
  b: Record<string, unknown>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class RawClient {
  private static readonly live = new Set<RawClient>();

  /** Closes every raw client still open (for afterAll). */
  static closeAll(): void {
    for (const client of RawClient.live) client.close();
  }

  /** Every reassembled message, in arrival order (the hello included). */
  readonly messages = new EventLog<Envelope>();
  /** Every raw text frame, before reassembly. */
  readonly frames: string[] = [];
  private nextRequest = 1;
  private frameBuffer: string[] | null = null;
  private expectedFrames = 0;
  private closeInfo: { code: number; reason: string } | null = null;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data: WebSocket.RawData) => this.receive(rawDataToString(data)));
    socket.on('close', (code: number, reason: Buffer) => {
      this.closeInfo = { code, reason: reason.toString() };
    });
  }

  /** Opens `/.ws?v=5&ns=<ns>` and waits for the open event (not for the hello). */
  static async open(target: Target, ns: string, extraParams = ''): Promise<RawClient> {
    const socket = new WebSocket(`ws://${target.hostAndPort}/.ws?v=5&ns=${ns}${extraParams}`);
    const client = new RawClient(socket);
    RawClient.live.add(client);
    await withTimeout(
      'raw websocket open',
      new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      }),
    );
    return client;
  }

  /** Opens a connection and waits for the hello. */
  static async connect(target: Target, ns: string, extraParams = ''): Promise<RawClient> {
    const client = await RawClient.open(target, ns, extraParams);
    await client.hello();
    return client;
  }

  private receive(frame: string): void {
    this.frames.push(frame);
    // Reassembly exactly as the JS SDK does it.
    if (this.frameBuffer === null && frame.length <= 6 && /^\d+$/.test(frame)) {
      const count = Number(frame);
      if (count === 0) return;
      this.frameBuffer = [];
      this.expectedFrames = count;
      return;
    }
    let text = frame;
    if (this.frameBuffer !== null) {
      this.frameBuffer.push(frame);
      if (this.frameBuffer.length < this.expectedFrames) return;
      text = this.frameBuffer.join('');
      this.frameBuffer = null;
    }
    try {
      this.messages.push(JSON.parse(text) as Envelope);
    } catch {
      // Kept visible to assertions instead of throwing inside the socket's event handler.
      this.messages.push({ t: 'unparseable', d: text });
    }
  }

  async hello(): Promise<Hello> {
    const [first] = await this.messages.waitForCount(1, 'server hello');
    const control = first?.t === 'c' && isRecord(first.d) ? first.d : undefined;
    if (!control || control.t !== 'h' || !isRecord(control.d)) {
      throw new Error(`first message is not a hello: ${JSON.stringify(first)}`);
    }
    return control.d as unknown as Hello;
  }

  get isClosed(): boolean {
    return this.closeInfo !== null || this.socket.readyState === WebSocket.CLOSED;
  }

  sendText(text: string): void {
    this.socket.send(text);
  }

  sendEnvelope(envelope: Envelope): void {
    this.socket.send(JSON.stringify(envelope));
  }

  /** Sends a data-layer request and waits for the response with the same `r`. */
  async request(action: string, body: unknown, timeoutMs = DEFAULT_WAIT_MS): Promise<ResponseBody> {
    const r = this.nextRequest++;
    this.sendEnvelope({ t: 'd', d: { r, a: action, b: body } });
    return this.response(r, timeoutMs);
  }

  /** Sends a request without waiting; returns its `r`. */
  sendRequest(action: string, body: unknown): number {
    const r = this.nextRequest++;
    this.sendEnvelope({ t: 'd', d: { r, a: action, b: body } });
    return r;
  }

  /** The response to request `r`. */
  async response(r: number, timeoutMs = DEFAULT_WAIT_MS): Promise<ResponseBody> {
    const envelope = await this.messages.waitForMatch(
      (message) => message.t === 'd' && isRecord(message.d) && message.d.r === r,
      `response to request ${r}`,
      timeoutMs,
    );
    const data = envelope.d as { b: ResponseBody };
    return data.b;
  }

  /** Index in `messages` of the response to request `r` (for ordering assertions). */
  indexOfResponse(r: number): number {
    return this.messages.items.findIndex(
      (message) => message.t === 'd' && isRecord(message.d) && message.d.r === r,
    );
  }

  /** Index in `messages` of a push returned by `pushes()`; -1 when absent (for ordering). */
  indexOfPush(push: Push | undefined): number {
    if (push === undefined) return -1;
    return this.messages.items.findIndex((message) => message.d === push);
  }

  /** Data-layer pushes (messages with an action `a` and no `r`), in order. */
  pushes(): Push[] {
    return this.messages.items.flatMap((message) =>
      message.t === 'd' && isRecord(message.d) && typeof message.d.a === 'string'
        ? [message.d as unknown as Push]
        : [],
    );
  }

  async waitForPush(
    predicate: (push: Push) => boolean,
    label: string,
    timeoutMs = DEFAULT_WAIT_MS,
  ): Promise<Push> {
    return waitUntil(label, () => this.pushes().find(predicate), timeoutMs);
  }

  /** Control messages received after the hello (`{t, d}` payloads of `t:"c"` envelopes). */
  controls(): Record<string, unknown>[] {
    return this.messages.items.flatMap((message) =>
      message.t === 'c' && isRecord(message.d) ? [message.d] : [],
    );
  }

  async waitForClose(timeoutMs = DEFAULT_WAIT_MS): Promise<{ code: number; reason: string }> {
    return waitUntil('socket close', () => this.closeInfo ?? undefined, timeoutMs);
  }

  close(): void {
    RawClient.live.delete(this);
    this.socket.close();
  }
}

function rawDataToString(data: WebSocket.RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}
