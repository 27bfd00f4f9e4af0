import type { DragEvent, KeyboardEvent, PointerEvent, ReactNode } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { PICTURE_SLOTS, type PictureSlotName } from '@studio/core';
import { useT } from '../../lib/i18n';
import type { Framing, Size } from '../../lib/pictures/crop';
import {
  clampFraming,
  cropRect,
  INITIAL_FRAMING,
  MAX_ZOOM,
  panFraming,
} from '../../lib/pictures/crop';
import type { PictureProblem, PictureVariant } from '../../lib/pictures/process';
import { decodePicture, PictureError, renderVariants } from '../../lib/pictures/process';
import type { UploadPicture } from '../../lib/pictures/upload';
import { Button } from './button';
import { kitMessages } from './kit-messages';
import { Picture } from './picture';
import './picture-input.css';

export interface PictureInputProps {
  label: ReactNode;
  hint?: ReactNode;
  /** The stored picture's URL, '' for none. */
  value: string;
  /** Called with the new picture's download URL once stored, or '' when removed. */
  onChange: (url: string) => void;
  slot: PictureSlotName;
  /** Stores the widths (lib/pictures/upload.ts, or a fake in tests). */
  upload: UploadPicture;
  /** The member's own uid, for their photo. */
  uid?: string;
  /** A face is shown in a circle; other pictures in their slot's rectangle. */
  round?: boolean;
  /** An error from the form around it (e.g. the record refused the URL). */
  error?: ReactNode;
}

type State =
  | { step: 'idle'; problem: PictureProblem | 'failed' | null }
  | { step: 'framing'; bitmap: ImageBitmap; framing: Framing }
  | { step: 'saving' };

const PROBLEM_TEXTS = {
  notAnImage: 'kitPictureNotAnImage',
  tooLarge: 'kitPictureTooLarge',
  unreadable: 'kitPictureUnreadable',
  failed: 'kitPictureFailed',
} as const;

const PREVIEW_WIDTH = 320;

/**
 * A picture field: choose a file, drop one, or take a photo; frame it in the slot's shape (drag,
 * arrow keys, zoom); it is resized in the browser to the slot's widths as WebP and stored, and
 * the field's value becomes its download URL. Nothing is saved until "Use this picture".
 */
export function PictureInput({
  label,
  hint,
  value,
  onChange,
  slot,
  upload,
  uid,
  round = false,
  error,
}: PictureInputProps) {
  const t = useT(kitMessages);
  const id = useId();
  const [state, setState] = useState<State>({ step: 'idle', problem: null });
  const [dragging, setDragging] = useState(false);
  const { aspect, widths } = PICTURE_SLOTS[slot];

  const open = async (file: File | undefined) => {
    if (!file) return;
    try {
      const bitmap = await decodePicture(file);
      setState({ step: 'framing', bitmap, framing: INITIAL_FRAMING });
    } catch (failure) {
      setState({
        step: 'idle',
        problem: failure instanceof PictureError ? failure.problem : 'unreadable',
      });
    }
  };

  const save = async (bitmap: ImageBitmap, framing: Framing) => {
    setState({ step: 'saving' });
    try {
      const size = { width: bitmap.width, height: bitmap.height };
      const variants: PictureVariant[] = await renderVariants(
        bitmap,
        cropRect(size, aspect, framing),
        {
          aspect,
          widths,
        },
      );
      const url = await upload(slot, variants, uid === undefined ? {} : { uid });
      bitmap.close();
      onChange(url);
      setState({ step: 'idle', problem: null });
    } catch {
      bitmap.close();
      setState({ step: 'idle', problem: 'failed' });
    }
  };

  const problem = state.step === 'idle' ? state.problem : null;
  const describedBy =
    [hint ? `${id}-hint` : '', problem || error ? `${id}-error` : ''].filter(Boolean).join(' ') ||
    undefined;
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void open(event.dataTransfer.files[0]);
  };

  return (
    <div
      className={['ui-field', 'ui-picture-field', problem || error ? 'ui-field-invalid' : ''].join(
        ' ',
      )}
    >
      <span className="ui-field-label" id={`${id}-label`}>
        {label}
      </span>
      {hint && (
        <p className="ui-field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {state.step === 'framing' ? (
        <Framer
          bitmap={state.bitmap}
          aspect={aspect}
          round={round}
          framing={state.framing}
          onFraming={(framing) => setState({ ...state, framing })}
          onUse={() => void save(state.bitmap, state.framing)}
          onCancel={() => {
            state.bitmap.close();
            setState({ step: 'idle', problem: null });
          }}
        />
      ) : (
        <div
          className={['ui-picture-drop', dragging ? 'ui-picture-dragging' : ''].join(' ')}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <div
            className={['ui-picture-preview', round ? 'ui-picture-round' : ''].join(' ')}
            style={{ aspectRatio: String(aspect) }}
          >
            {value ? (
              <Picture
                src={value}
                alt=""
                sizes="160px"
                width={160}
                height={Math.round(160 / aspect)}
              />
            ) : (
              <span className="ui-picture-empty">{t('kitPictureNone')}</span>
            )}
          </div>
          <div
            className="ui-picture-actions"
            role="group"
            aria-labelledby={`${id}-label`}
            aria-describedby={describedBy}
          >
            {state.step === 'saving' ? (
              <p className="ui-picture-saving" role="status">
                <span className="spinner" aria-hidden="true" /> {t('kitPictureSaving')}
              </p>
            ) : (
              <>
                <label className="button button-secondary button-s">
                  {t(value ? 'kitPictureReplace' : 'kitPictureChoose')}
                  <input
                    type="file"
                    accept="image/*"
                    className="visually-hidden"
                    onChange={(event) => {
                      const file = event.target.files?.[0];
                      event.target.value = '';
                      void open(file);
                    }}
                  />
                </label>
                <label className="button button-ghost button-s ui-picture-camera">
                  {t('kitPictureCamera')}
                  <input
                    type="file"
                    accept="image/*"
                    capture={round ? 'user' : 'environment'}
                    className="visually-hidden"
                    onChange={(event) => {
                      const file = event.target.files?.[0];
                      event.target.value = '';
                      void open(file);
                    }}
                  />
                </label>
                {value && (
                  <Button variant="ghost" size="s" onClick={() => onChange('')}>
                    {t('kitPictureRemove')}
                  </Button>
                )}
                <p className="ui-picture-drop-hint">{t('kitPictureDrop')}</p>
              </>
            )}
          </div>
        </div>
      )}
      {(problem || error) && (
        <p className="ui-field-error" id={`${id}-error`} role={problem ? 'alert' : undefined}>
          {problem ? t(PROBLEM_TEXTS[problem]) : error}
        </p>
      )}
    </div>
  );
}

interface FramerProps {
  bitmap: ImageBitmap;
  aspect: number;
  round: boolean;
  framing: Framing;
  onFraming: (framing: Framing) => void;
  onUse: () => void;
  onCancel: () => void;
}

/** The picture in the slot's shape: drag or arrow keys move it, the slider and +/− zoom. */
function Framer({ bitmap, aspect, round, framing, onFraming, onUse, onCancel }: FramerProps) {
  const t = useT(kitMessages);
  const canvas = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const source: Size = { width: bitmap.width, height: bitmap.height };
  const height = Math.round(PREVIEW_WIDTH / aspect);

  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    const crop = cropRect(source, aspect, framing);
    context.imageSmoothingQuality = 'high';
    context.drawImage(
      bitmap,
      crop.x,
      crop.y,
      crop.width,
      crop.height,
      0,
      0,
      element.width,
      element.height,
    );
  });

  const pan = (dx: number, dy: number) =>
    onFraming(panFraming(source, aspect, framing, dx, dy, PREVIEW_WIDTH));
  const zoom = (next: number) =>
    onFraming(clampFraming(source, aspect, { ...framing, zoom: next }));
  const onKey = (event: KeyboardEvent) => {
    const step = event.shiftKey ? 40 : 10;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [step, 0],
      ArrowRight: [-step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    const move = moves[event.key];
    if (move) pan(...move);
    else if (event.key === '+' || event.key === '=') zoom(framing.zoom + 0.25);
    else if (event.key === '-' || event.key === '−') zoom(framing.zoom - 0.25);
    else return;
    event.preventDefault();
  };
  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drag.current) return;
    const scale = PREVIEW_WIDTH / event.currentTarget.getBoundingClientRect().width;
    pan((event.clientX - drag.current.x) * scale, (event.clientY - drag.current.y) * scale);
    drag.current = { x: event.clientX, y: event.clientY };
  };

  return (
    <div className="ui-picture-framer">
      <canvas
        ref={canvas}
        className={['ui-picture-canvas', round ? 'ui-picture-round' : ''].join(' ')}
        width={PREVIEW_WIDTH * 2}
        height={height * 2}
        style={{ aspectRatio: String(aspect) }}
        tabIndex={0}
        role="application"
        aria-label={t('kitPictureFrame')}
        onKeyDown={onKey}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
        onWheel={(event) => zoom(framing.zoom - event.deltaY / 500)}
      />
      <label className="ui-picture-zoom">
        {t('kitPictureZoom')}
        <input
          type="range"
          min={1}
          max={MAX_ZOOM}
          step={0.05}
          value={framing.zoom}
          onChange={(event) => zoom(Number(event.target.value))}
        />
      </label>
      <div className="ui-picture-framer-actions">
        <Button size="s" onClick={onUse}>
          {t('kitPictureUse')}
        </Button>
        <Button size="s" variant="ghost" onClick={onCancel}>
          {t('kitPictureCancel')}
        </Button>
      </div>
    </div>
  );
}
