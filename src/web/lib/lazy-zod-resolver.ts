import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/** `TOut`: what the schema makes of the form's text (numbers, nulls): handleSubmit's values, with no cast. */
export interface LazyResolver<T extends FieldValues, TOut = T> {
  resolver: Resolver<T, unknown, TOut>;
  /** Starts loading the validator, e.g. on the first keystroke, so submitting never waits for it. */
  preload: () => void;
}

/**
 * A zodResolver whose schema and zod itself load on first use. The sign-in page is the first page
 * most visitors see; keeping zod (about 24 KB gzipped) out of it keeps that page under budget.
 */
export function lazyZodResolver<T extends FieldValues, TOut = T>(loadSchema: () => Promise<ZodType>): LazyResolver<T, TOut> {
  let loading: Promise<Resolver<T, unknown, TOut>> | undefined;
  const load = () => {
    // validation-words gives zod's own texts words ("Must be at most 100 characters"; ADR 010).
    loading ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema(), import('@contracts/validation-words')]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Resolver<T, unknown, TOut>,
    );
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await load())(values, context, options),
    preload: () => void load(),
  };
}
