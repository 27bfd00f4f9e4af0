import { useEffect, useRef, useState } from 'react';
import type SignaturePad from 'signature_pad';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { waiverMessages } from '../waiver-messages';

export interface SignatureFieldProps {
  /** The drawn signature as a PNG data URL after each stroke; null while it is empty. */
  onChange: (signature: string | null) => void;
  disabled?: boolean;
}

/** At most 2× the CSS size: sharp on a phone, and the PNG stays far below the server's limit. */
const MAX_RATIO = 2;

/**
 * A signature drawn with a finger, a pen or the mouse (`signature_pad`, loaded with the field),
 * dark ink on white like paper in either theme; the canvas keeps its drawing when the screen
 * turns. "Clear" starts again.
 */
export function SignatureField({ onChange, disabled = false }: SignatureFieldProps) {
  const t = useT(waiverMessages);
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const report = useRef(onChange);
  const [empty, setEmpty] = useState(true);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    report.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    let stopped = false;
    let observer: ResizeObserver | undefined;
    void import('signature_pad').then(({ default: Pad }) => {
      if (stopped) return;
      const drawn = new Pad(element, { backgroundColor: '#ffffff', penColor: '#14161a' });
      pad.current = drawn;
      setReady(true);
      const fit = () => {
        const ratio = Math.min(window.devicePixelRatio || 1, MAX_RATIO);
        const { width, height } = element.getBoundingClientRect();
        if (width === 0 || height === 0) return;
        const strokes = drawn.toData();
        element.width = Math.round(width * ratio);
        element.height = Math.round(height * ratio);
        element.getContext('2d')?.scale(ratio, ratio);
        drawn.clear();
        drawn.fromData(strokes);
      };
      fit();
      drawn.addEventListener('endStroke', () => {
        setEmpty(drawn.isEmpty());
        report.current(drawn.isEmpty() ? null : drawn.toDataURL('image/png'));
      });
      if (typeof ResizeObserver === 'function') {
        observer = new ResizeObserver(fit);
        observer.observe(element);
      }
    });
    return () => {
      stopped = true;
      observer?.disconnect();
      pad.current?.off();
      pad.current = null;
    };
  }, []);

  useEffect(() => {
    if (disabled) pad.current?.off();
    else pad.current?.on();
  }, [disabled]);

  const clear = () => {
    pad.current?.clear();
    setEmpty(true);
    report.current(null);
  };

  return (
    <div className="signature-field">
      <canvas
        ref={canvas}
        className="signature-canvas"
        role="img"
        aria-busy={!ready}
        aria-label={t(empty ? 'signatureEmpty' : 'signatureDrawn')}
      />
      <div className="signature-field-foot">
        <span className="signature-field-hint">{t('signatureHint')}</span>
        <Button variant="ghost" size="s" onClick={clear} disabled={disabled || empty}>
          {t('signatureClear')}
        </Button>
      </div>
    </div>
  );
}
