// A priced document's own discount on its subtotal (estimates, invoices): a percent or an amount, and its value; a
// blank value is no discount (docs/rules/money-and-payments.md#taxes-and-discounts). Used inside a react-hook-form
// <Form> whose values have `discountType` and `discountValue`.
import { useFormContext, useWatch } from 'react-hook-form';
import { DISCOUNT_TYPES, type DiscountType } from '@contracts/money';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/utils';

const WORDS: Record<DiscountType, string> = { percent: '%', amount: '$' };

export function DocumentDiscountField({ className }: { className?: string }) {
  const { control } = useFormContext<{ discountType: DiscountType; discountValue: string }>();
  const type = useWatch({ control, name: 'discountType' });
  return (
    <FormField
      control={control}
      name="discountValue"
      render={({ field }) => (
        <FormItem className={cn('min-w-0', className)}>
          <FormLabel>Discount</FormLabel>
          <div className="flex gap-2">
            <FormField
              control={control}
              name="discountType"
              render={({ field: typeField }) => (
                <NativeSelect aria-label="Discount type" className="w-16 pr-7 pl-2.5" {...typeField}>
                  {DISCOUNT_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {WORDS[t]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            />
            <FormControl>
              <Input
                type="number"
                inputMode="decimal"
                min={0}
                max={type === 'percent' ? 100 : undefined}
                step="0.01"
                placeholder={type === 'percent' ? '0' : '0.00'}
                className="min-w-0 flex-1"
                {...field}
              />
            </FormControl>
          </div>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/**
 * The document's own adjustments under its lines: its discount and, for an organization without tax rates (or a
 * document whose typed tax still counts), the tax typed by hand. The form's values have `tax` too.
 */
export function DocumentAdjustmentFields({ showManualTax }: { showManualTax: boolean }) {
  const { control } = useFormContext<{ discountType: DiscountType; discountValue: string; tax: string }>();
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <DocumentDiscountField />
      {showManualTax && (
        <FormField
          control={control}
          name="tax"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Tax</FormLabel>
              <FormControl>
                <Input type="number" inputMode="decimal" min={0} step="0.01" placeholder="0.00" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
      )}
    </div>
  );
}
