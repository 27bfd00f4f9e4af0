import { parsePass } from '@studio/core';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { deskMessages } from '../desk-messages';
import type { DeskKey } from '../desk-messages';
import { frameReader } from '../qr';
import './desk.css';

export interface PassScannerProps {
  /** A pass read from the camera; the scanner reads nothing more until it settles. */
  onPass: (pass: string) => Promise<void>;
}

/** How often a frame is read, and how long the same pass in view is not sent again. */
const FRAME_MS = 200;
const SAME_PASS_MS = 5_000;

/**
 * The device camera reading member passes: asks for the camera only while mounted (the
 * checador), reads frames with `frameReader`, and hands each new pass to `onPass`. A QR code
 * that is not a pass is named as such and never sent.
 */
export function PassScanner({ onPass }: PassScannerProps) {
  const dt = useT(deskMessages);
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<DeskKey | null>(null);
  const handler = useRef(onPass);
  useEffect(() => {
    handler.current = onPass;
  }, [onPass]);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const last = { text: '', at: 0 };

    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setProblem('scanNoCamera');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
      } catch (error) {
        const name = error instanceof DOMException ? error.name : '';
        setProblem(name === 'NotAllowedError' ? 'scanDenied' : 'scanNoCamera');
        return;
      }
      const element = video.current;
      if (stopped || !element) return;
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      const read = await frameReader();
      const tick = async () => {
        if (stopped) return;
        const text = await read(element).catch(() => null);
        const now = Date.now();
        if (text !== null && !(text === last.text && now - last.at < SAME_PASS_MS)) {
          last.text = text;
          last.at = now;
          if (parsePass(text) === null) setProblem('scanNotPass');
          else {
            setProblem(null);
            await handler.current(text).catch(() => undefined);
            last.at = Date.now();
          }
        }
        if (!stopped) timer = setTimeout(() => void tick(), FRAME_MS);
      };
      void tick();
    };
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <div className="pass-scanner">
      <video
        ref={video}
        className="pass-scanner-video"
        muted
        playsInline
        aria-label={dt('scanPreview')}
      />
      <p className="pass-scanner-hint">{dt('scanHint')}</p>
      {problem && <p role="alert">{dt(problem)}</p>}
    </div>
  );
}
