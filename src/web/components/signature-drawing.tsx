// A kept signature drawn back as SVG from its strokes (the contract's shape: points in a width x height box).
import type { Signature } from '@contracts/estimates';
import { cn } from '@/lib/utils';

export function SignatureDrawing({ signature, label, className }: { signature: Signature; label: string; className?: string }) {
  return (
    <svg viewBox={`0 0 ${signature.width} ${signature.height}`} role="img" aria-label={label} className={cn('rounded border bg-white', className)} preserveAspectRatio="xMinYMid meet">
      {signature.strokes.map((stroke, i) => (
        <polyline key={i} points={stroke.map(([x, y]) => `${x},${y}`).join(' ')} fill="none" stroke="#111827" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" />
      ))}
    </svg>
  );
}
