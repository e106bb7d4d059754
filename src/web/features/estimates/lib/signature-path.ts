// A drawn signature (docs/rules/records.md#estimate-form, the approval): strokes of [x, y] points in a width x height box,
// turned into SVG path data for that box.
import type { Signature } from '@contracts/estimates';

const round = (n: number) => Math.round(n * 10) / 10;

/** One path per stroke: M to its first point, L through the rest; a single point is a dot (a tiny line with round caps). */
export function signaturePaths(signature: Pick<Signature, 'strokes'>): string[] {
  return signature.strokes
    .filter((stroke) => stroke.length > 0)
    .map(([[x0, y0], ...rest]) => {
      const start = `M${round(x0)} ${round(y0)}`;
      if (rest.length === 0) return `${start}l0.1 0`;
      return `${start}L${rest.map(([x, y]) => `${round(x)} ${round(y)}`).join(' ')}`;
    });
}
