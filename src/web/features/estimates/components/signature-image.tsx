// The customer's drawn signature, redrawn as SVG paths scaled to a fixed box: ink on paper, whatever the theme.
import type { Signature } from '@contracts/estimates';
import { signaturePaths } from '@/features/estimates/lib/signature-path';

export function SignatureImage({ signature, signerName }: { signature: Signature; signerName: string | null }) {
  return (
    <svg
      viewBox={`0 0 ${signature.width} ${signature.height}`}
      preserveAspectRatio="xMidYMid meet"
      role="img"
      aria-label={signerName ? `Signature of ${signerName}` : 'Signature'}
      data-testid="signature-image"
      className="h-20 w-full max-w-72 rounded-md border bg-white"
    >
      {signaturePaths(signature).map((d, i) => (
        <path
          key={i}
          d={d}
          fill="none"
          stroke="#111827"
          strokeWidth={2.25}
          strokeLinecap="round"
          strokeLinejoin="round"
          // The same line width however far the box scales the drawing.
          vectorEffect="non-scaling-stroke"
        />
      ))}
    </svg>
  );
}
