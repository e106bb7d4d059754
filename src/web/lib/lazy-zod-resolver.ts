import type { FieldValues, Resolver } from 'react-hook-form';
import type { z, ZodType } from 'zod';

/** `T`: what the fields hold (the schema's input); `TOut`: what the schema makes of it (numbers, nulls): handleSubmit's values. */
export interface LazyResolver<T extends FieldValues, TOut = T> {
  resolver: Resolver<T, unknown, TOut>;
  /** Starts loading the validator, e.g. on the first keystroke, so submitting never waits for it. */
  preload: () => void;
}

/**
 * A zodResolver whose schema and zod itself load on first use. The sign-in page is the first page
 * most visitors see; keeping zod (about 24 KB gzipped) out of it keeps that page under budget.
 * The form is typed by the schema (`z.input`/`z.output`), inferred from what `loadSchema` resolves to.
 */
export function lazyZodResolver<S extends ZodType<unknown, FieldValues>>(loadSchema: () => Promise<S>): LazyResolver<z.input<S>, z.output<S>> {
  let loading: Promise<Resolver<z.input<S>, unknown, z.output<S>>> | undefined;
  const load = () => {
    // validation-words gives zod's own texts words ("Must be at most 100 characters"; ADR 010).
    loading ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema(), import('@contracts/validation-words')]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema),
    );
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await load())(values, context, options),
    preload: () => void load(),
  };
}
