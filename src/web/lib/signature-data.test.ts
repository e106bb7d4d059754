import { describe, expect, it } from 'vitest';
import { signatureSchema } from '@contracts/estimates';
import { fitStrokes, SIGNATURE_LIMITS, toSignature } from './signature-data';

const stroke = (...points: [number, number][]) => ({ points: points.map(([x, y]) => ({ x, y, pressure: 0.5, time: 0 })) });

describe('toSignature', () => {
  it("gives the contract's shape in CSS pixels: box rounded to whole pixels, points to one decimal", () => {
    const signature = toSignature([stroke([10.04, 20.06], [30.15, 40.149]), stroke([50, 60])], { width: 612.4, height: 159.6 });
    expect(signature).toEqual({
      width: 612,
      height: 160,
      strokes: [
        [
          [10, 20.1],
          [30.2, 40.1],
        ],
        [[50, 60]],
      ],
    });
    expect(signatureSchema.safeParse(signature).success).toBe(true);
  });

  it('is null when nothing was drawn, and drops empty strokes', () => {
    expect(toSignature([], { width: 600, height: 160 })).toBeNull();
    expect(toSignature([stroke()], { width: 600, height: 160 })).toBeNull();
    expect(toSignature([stroke(), stroke([1, 2]), stroke()], { width: 600, height: 160 })?.strokes).toEqual([[[1, 2]]]);
  });

  it('keeps points inside the box (a stroke may leave the canvas) with no -0', () => {
    const signature = toSignature([stroke([-5, -0.01], [700, 200], [-0.04, 80])], { width: 600, height: 160 });
    expect(signature?.strokes).toEqual([
      [
        [0, 0],
        [600, 160],
        [0, 80],
      ],
    ]);
    expect(Object.is(signature?.strokes[0][0][0], -0)).toBe(false);
  });

  it("holds the box to the contract's limits", () => {
    expect(toSignature([stroke([1, 1])], { width: 20, height: 10 })).toMatchObject({ width: SIGNATURE_LIMITS.minWidth, height: SIGNATURE_LIMITS.minHeight });
    expect(toSignature([stroke([1, 1])], { width: 5000, height: 4000 })).toMatchObject({ width: SIGNATURE_LIMITS.maxWidth, height: SIGNATURE_LIMITS.maxHeight });
  });

  it('thins a very long stroke and caps the number of strokes, so any drawing is accepted', () => {
    const long = stroke(...Array.from({ length: 5000 }, (_, i): [number, number] => [i % 600, (i * 7) % 160]));
    const many = Array.from({ length: 250 }, (_, i) => stroke([i, 1]));
    const signature = toSignature([long, ...many], { width: 600, height: 160 });
    expect(signature?.strokes[0]).toHaveLength(SIGNATURE_LIMITS.maxPoints);
    expect(signature?.strokes[0][0]).toEqual([0, 0]);
    expect(signature?.strokes[0].at(-1)).toEqual([4999 % 600, (4999 * 7) % 160]);
    expect(signature?.strokes).toHaveLength(SIGNATURE_LIMITS.maxStrokes);
    expect(signatureSchema.safeParse(signature).success).toBe(true);
  });
});

describe('fitStrokes', () => {
  const drawn = [stroke([100, 50], [600, 150])];

  it('keeps the strokes as they are when the canvas grows', () => {
    expect(fitStrokes(drawn, { width: 600, height: 160 }, { width: 900, height: 160 })).toEqual(drawn);
  });

  it('scales them down evenly when it shrinks, so the signature stays whole', () => {
    const fitted = fitStrokes(drawn, { width: 600, height: 160 }, { width: 300, height: 160 });
    expect(fitted[0].points.map((p) => [p.x, p.y])).toEqual([
      [50, 25],
      [300, 75],
    ]);
    expect(fitted[0].points[0]).toMatchObject({ pressure: 0.5, time: 0 });
  });
});
