// WebSocket framing of the protocol: a message longer than 16384 characters travels as
// a frame holding only the segment count followed by the segments. A bare "0" is a keepalive.

export const MAX_FRAME_CHARS = 16384;
const MAX_COUNT_DIGITS = 6;
const COUNT_FRAME = /^\d{1,6}$/;
/** Guards memory against a client announcing endless segments; far above any real write. */
export const MAX_MESSAGE_CHARS = 256 * 1024 * 1024;

export class FrameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FrameError';
  }
}

/** Reassembles incoming frames into complete message texts. */
export class FrameReassembler {
  private buffer: string[] | null = null;
  private expected = 0;
  private chars = 0;

  constructor(private readonly maxChars = MAX_MESSAGE_CHARS) {}

  /**
   * Feeds one text frame; returns the complete message text, or null when more frames are
   * needed. Throws FrameError when a split message grows beyond `maxChars`.
   */
  push(frame: string): string | null {
    if (this.buffer === null) {
      if (frame.length <= MAX_COUNT_DIGITS && COUNT_FRAME.test(frame)) {
        const count = Number(frame);
        if (count === 0) return null;
        this.buffer = [];
        this.expected = count;
        this.chars = 0;
        return null;
      }
      return frame;
    }
    this.chars += frame.length;
    if (this.chars > this.maxChars) {
      this.buffer = null;
      throw new FrameError('Split message is too large');
    }
    this.buffer.push(frame);
    if (this.buffer.length < this.expected) return null;
    const message = this.buffer.join('');
    this.buffer = null;
    this.expected = 0;
    return message;
  }

  get pending(): boolean {
    return this.buffer !== null;
  }
}

/**
 * Splits an outgoing message text into the frames to send. Never yields a frame that the client
 * could take for a count (a message is JSON, so it always starts with `{`).
 */
export function splitFrames(text: string, maxChars = MAX_FRAME_CHARS): string[] {
  if (text.length <= maxChars) return [text];
  const frames: string[] = [];
  for (let offset = 0; offset < text.length; offset += maxChars) {
    frames.push(text.slice(offset, offset + maxChars));
  }
  if (frames.length >= 10 ** MAX_COUNT_DIGITS) throw new FrameError('Message too large to frame');
  return [String(frames.length), ...frames];
}
