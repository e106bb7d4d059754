// The card fields of the built-in test gateway's forms (paying, and saving a card in the portal): one
// react-hook-form over the contract's card schema (card-entry.ts); the number and the expiry format themselves.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { cardEntrySchema, EMPTY_CARD_ENTRY, formatCardNumber, formatExpiry, type CardEntryValues, type TestCard } from './card-entry';

export type TestCardForm = UseFormReturn<CardEntryValues, unknown, TestCard>;

export function useTestCardForm(): TestCardForm {
  return useForm({ resolver: zodResolver(cardEntrySchema), defaultValues: EMPTY_CARD_ENTRY });
}

/** Inside a `<Form {...form}>`: the number, MM/YY and CVC, each with its own message. */
export function TestCardFields({ form }: { form: TestCardForm }) {
  return (
    <>
      <FormField
        control={form.control}
        name="number"
        render={({ field }) => (
          <FormItem className="gap-1.5">
            <FormLabel>Card number</FormLabel>
            <FormControl>
              <Input
                {...field}
                inputMode="numeric"
                autoComplete="cc-number"
                placeholder="4242 4242 4242 4242"
                onChange={(e) => field.onChange(formatCardNumber(e.target.value))}
              />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <div className="grid grid-cols-2 gap-3">
        <FormField
          control={form.control}
          name="expiry"
          render={({ field }) => (
            <FormItem className="gap-1.5">
              <FormLabel>Expiry (MM/YY)</FormLabel>
              <FormControl>
                <Input
                  {...field}
                  inputMode="numeric"
                  autoComplete="cc-exp"
                  placeholder="12/34"
                  maxLength={7}
                  onChange={(e) => field.onChange(formatExpiry(e.target.value, field.value))}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="cvc"
          render={({ field }) => (
            <FormItem className="gap-1.5">
              <FormLabel>CVC</FormLabel>
              <FormControl>
                <Input
                  {...field}
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  placeholder="123"
                  maxLength={4}
                  onChange={(e) => field.onChange(e.target.value.replace(/\D/g, ''))}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
      </div>
    </>
  );
}
