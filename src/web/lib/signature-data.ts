// A drawn signature as the contract carries it (contracts/estimates.ts, signatureSchema): strokes of [x, y] points in
// CSS pixels inside a width x height box. signature_pad hands its strokes as point groups in the canvas's CSS pixels.
import type { Signature } from '@contracts/estimates';

/** The contract's limits (signatureSchema): the box, strokes per signature and points per stroke. */
export const SIGNATURE_LIMITS = { minWidth: 50, maxWidth: 2000, minHeight: 30, maxHeight: 1000, maxStrokes: 200, maxPoints: 2000 } as const;

export interface DrawnPoint {
  x: number;
  y: number;
}

/** A stroke as signature_pad's toData() gives it (its other fields, pen options and times, are not needed here). */
export interface DrawnStroke {
  points: readonly DrawnPoint[];
}

export interface BoxSize {
  width: number;
  height: number;
}

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));
/** One decimal, with -0 read as 0. */
const round1 = (v: number) => Math.round(v * 10) / 10 + 0;

/** At most `max` points, evenly spread over the stroke, its first and last points kept. */
function thin<T>(points: readonly T[], max: number): readonly T[] {
  if (points.length <= max) return points;
  const step = (points.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => points[Math.round(i * step)]);
}

/**
 * The contract's signature for what was drawn on a canvas of `size` CSS pixels: the box rounded to whole pixels and
 * held to the contract's limits, every point rounded to one decimal and kept inside the box (a stroke may leave
 * the canvas while the pointer is down), empty strokes dropped; null when nothing was drawn.
 */
export function toSignature(strokes: readonly DrawnStroke[], size: BoxSize): Signature | null {
  const width = clamp(Math.round(size.width), SIGNATURE_LIMITS.minWidth, SIGNATURE_LIMITS.maxWidth);
  const height = clamp(Math.round(size.height), SIGNATURE_LIMITS.minHeight, SIGNATURE_LIMITS.maxHeight);
  const kept = strokes
    .filter((stroke) => stroke.points.some((p) => Number.isFinite(p.x) && Number.isFinite(p.y)))
    .slice(0, SIGNATURE_LIMITS.maxStrokes)
    .map((stroke) =>
      thin(
        stroke.points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y)),
        SIGNATURE_LIMITS.maxPoints,
      ).map((p): [number, number] => [round1(clamp(p.x, 0, width)), round1(clamp(p.y, 0, height))]),
    );
  return kept.length > 0 ? { width, height, strokes: kept } : null;
}

/**
 * The strokes to redraw after the canvas changed size from `from` to `to`: unchanged when it grew (the points are
 * CSS pixels from its top left corner), scaled down evenly when it shrank, so the whole signature stays visible.
 */
export function fitStrokes<S extends { points: readonly P[] }, P extends DrawnPoint>(strokes: readonly S[], from: BoxSize, to: BoxSize): S[] {
  const factor = Math.min(1, from.width > 0 ? to.width / from.width : 1, from.height > 0 ? to.height / from.height : 1);
  if (factor === 1) return [...strokes];
  return strokes.map((stroke) => ({ ...stroke, points: stroke.points.map((p) => ({ ...p, x: p.x * factor, y: p.y * factor })) }));
}
