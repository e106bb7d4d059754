import type * as React from 'react';
import { cn } from '@/lib/utils';

type SwitchProps = Omit<React.ComponentProps<'button'>, 'value' | 'onChange'> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** 'sm' sits in a dense form row (the payment processor form); the default is a comfortable tap target. */
  size?: 'default' | 'sm';
};

const SIZES = {
  default: { track: 'h-6 w-11', thumb: 'size-5 data-[state=checked]:translate-x-5' },
  sm: { track: 'h-5 w-9', thumb: 'size-4 data-[state=checked]:translate-x-4' },
} as const;

/** An on/off switch (role switch): a button, so a <label for> names it and a click on the label toggles it. */
export function Switch({ checked, onCheckedChange, className, size = 'default', ...props }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={checked ? 'checked' : 'unchecked'}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        'inline-flex shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-input shadow-xs transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary',
        SIZES[size].track,
        className,
      )}
      {...props}
    >
      <span
        aria-hidden
        data-state={checked ? 'checked' : 'unchecked'}
        className={cn('pointer-events-none block rounded-full bg-background shadow-sm transition-transform data-[state=unchecked]:translate-x-0', SIZES[size].thumb)}
      />
    </button>
  );
}
