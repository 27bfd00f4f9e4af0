import { describe, expect, it } from 'vitest';
import {
  FrameError,
  FrameReassembler,
  MAX_FRAME_CHARS,
  splitFrames,
} from '../../src/server/frames';

describe('FrameReassembler', () => {
  it('passes a single-frame message through', () => {
    const frames = new FrameReassembler();
    expect(frames.push('{"t":"d"}')).toBe('{"t":"d"}');
  });

  it('ignores a bare "0" keepalive', () => {
    const frames = new FrameReassembler();
    expect(frames.push('0')).toBeNull();
    expect(frames.pending).toBe(false);
    expect(frames.push('{"a":1}')).toBe('{"a":1}');
  });

  it('joins the segments announced by a count frame', () => {
    const frames = new FrameReassembler();
    expect(frames.push('3')).toBeNull();
    expect(frames.push('{"a":')).toBeNull();
    expect(frames.pending).toBe(true);
    expect(frames.push('12')).toBeNull();
    expect(frames.push('3}')).toBe('{"a":123}');
    expect(frames.pending).toBe(false);
  });

  it('treats short all-digit frames as segments while a message is being assembled', () => {
    const frames = new FrameReassembler();
    frames.push('2');
    expect(frames.push('4')).toBeNull();
    expect(frames.push('2')).toBe('42');
  });

  it('refuses a split message that grows beyond the size limit, then accepts new messages', () => {
    const frames = new FrameReassembler(10);
    frames.push('2');
    frames.push('x'.repeat(8));
    expect(() => frames.push('y'.repeat(8))).toThrow(FrameError);
    expect(frames.pending).toBe(false);
    expect(frames.push('{}')).toBe('{}');
  });

  it('takes a frame of more than six digits as a message, not a count', () => {
    const frames = new FrameReassembler();
    expect(frames.push('1234567')).toBe('1234567');
  });
});

describe('splitFrames', () => {
  it('sends a message up to 16384 characters as one frame', () => {
    const text = 'x'.repeat(MAX_FRAME_CHARS);
    expect(splitFrames(text)).toEqual([text]);
  });

  it('splits a longer message into a count frame and 16384-character segments', () => {
    const text = 'y'.repeat(40_000);
    const frames = splitFrames(text);
    expect(frames[0]).toBe('3');
    expect(frames.slice(1).map((frame) => frame.length)).toEqual([16384, 16384, 7232]);
    expect(frames.slice(1).join('')).toBe(text);
  });

  it('round-trips through the reassembler', () => {
    const text = JSON.stringify({ t: 'd', d: { big: 'z'.repeat(100_000) } });
    const frames = new FrameReassembler();
    let result: string | null = null;
    for (const frame of splitFrames(text)) result = frames.push(frame);
    expect(result).toBe(text);
  });
});
