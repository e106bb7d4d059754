// A drawn signature: signature_pad on a canvas, drawn with a mouse, a pen or a finger (pointer events), kept in the
// contract's shape (lib/signature-data.ts) in CSS pixels whatever the screen's pixel ratio.
import { useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { Eraser } from 'lucide-react';
import type { Signature } from '@contracts/estimates';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { fitStrokes, toSignature, type BoxSize } from '@/lib/signature-data';

interface SignatureFieldProps {
  /** Called after each stroke with the whole signature, and with null when it is cleared. */
  onChange: (signature: Signature | null) => void;
  disabled?: boolean;
  /** The hint's id; the error, when there is one, is added to the canvas's description. */
  hintId?: string;
  /** The form's message for the signature ("Draw your signature"), shown beside Clear. */
  error?: string;
  errorId?: string;
}

export function SignatureField({ onChange, disabled = false, hintId, error, errorId = 'signature-error' }: SignatureFieldProps) {
  const invalid = Boolean(error);
  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const sizeRef = useRef<BoxSize>({ width: 0, height: 0 });
  const onChangeRef = useRef(onChange);
  const [empty, setEmpty] = useState(true);

  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, { penColor: '#111827', minWidth: 0.8, maxWidth: 2.6 });
    padRef.current = pad;

    const emit = () => {
      const signature = toSignature(pad.toData(), sizeRef.current);
      setEmpty(signature === null);
      onChangeRef.current(signature);
    };

    // The canvas's pixels follow its CSS size times the pixel ratio; a new size clears it, so what was drawn is
    // drawn again (scaled down when the canvas got narrower, e.g. a phone turned back upright).
    const fit = () => {
      const rect = canvas.getBoundingClientRect();
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const size = { width: rect.width, height: rect.height };
      const pixels = { width: Math.round(size.width * ratio), height: Math.round(size.height * ratio) };
      if (size.width === 0 || (canvas.width === pixels.width && canvas.height === pixels.height && size.width === sizeRef.current.width)) return;
      const before = sizeRef.current;
      const strokes = before.width > 0 ? fitStrokes(pad.toData(), before, size) : [];
      canvas.width = pixels.width;
      canvas.height = pixels.height;
      canvas.getContext('2d')?.scale(ratio, ratio);
      sizeRef.current = size;
      pad.clear();
      if (strokes.length > 0) {
        pad.fromData(strokes);
        emit();
      }
    };

    fit();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(canvas);
    window.addEventListener('resize', fit);
    pad.addEventListener('endStroke', emit);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', fit);
      pad.removeEventListener('endStroke', emit);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (disabled) pad.off();
    else pad.on();
  }, [disabled]);

  const clear = () => {
    padRef.current?.clear();
    setEmpty(true);
    onChange(null);
  };

  return (
    <div className="space-y-2">
      <div className={cn('relative overflow-hidden rounded-md border bg-white shadow-xs', invalid ? 'border-destructive' : 'border-input', disabled && 'opacity-60')}>
        <canvas
          ref={canvasRef}
          role="img"
          aria-label="Signature"
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          data-testid="signature-pad"
          data-empty={empty}
          className="block h-40 w-full cursor-crosshair touch-none select-none"
        />
        {/* The line to sign on, under the strokes. */}
        <div aria-hidden className="pointer-events-none absolute inset-x-6 bottom-8 border-b border-dashed border-slate-300" />
        {empty && (
          <span aria-hidden className="pointer-events-none absolute inset-x-0 bottom-2 text-center text-xs text-slate-500">
            Sign above the line
          </span>
        )}
      </div>
      <div className="flex items-start justify-between gap-3">
        <p id={errorId} className="min-h-5 text-sm text-destructive">
          {error}
        </p>
        <Button type="button" variant="outline" size="sm" onClick={clear} disabled={disabled || empty} className="shrink-0">
          <Eraser aria-hidden />
          Clear signature
        </Button>
      </div>
    </div>
  );
}
