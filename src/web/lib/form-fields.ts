// Form schemas built from the contract's pieces (docs/decisions/015-one-form-pattern.md): a contract's field
// accepts what a request may hold (a number or its digits, null), a form's field holds one thing. These wrappers
// state what the field holds, so the form's values are the schema's input with no cast; the contract's schema
// still reads the value, so the messages shown are the contract's. (`unknown` in between: zod's pipe asks the
// target's input to be the source's output, and the contract's fields accept more than the form holds.)
import { z, type ZodType } from 'zod';

/** A field that holds text (an input or a select), read by the contract's schema. */
export function textField<S extends ZodType>(schema: S) {
  return z
    .string()
    .transform((v): unknown => v)
    .pipe(schema);
}

/** A picker's choice: a row's id, or null before one is chosen, read by the contract's schema. */
export function chosenIdField<S extends ZodType>(schema: S) {
  return z
    .number()
    .nullable()
    .transform((v): unknown => v)
    .pipe(schema);
}

/**
 * A field that holds a `T` the inputs cannot put out of range (a select's options, or '' for none): only the
 * contract's schema checks it, e.g. `heldAs<VendorPaymentTerms | ''>()(vendorFieldsSchema.shape.paymentTerms)`.
 */
export function heldAs<T>() {
  return <S extends ZodType>(schema: S) =>
    z
      .custom<T>()
      .transform((v): unknown => v)
      .pipe(schema);
}
