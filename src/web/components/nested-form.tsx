// A form in a dialog opened from inside another form (the job's dialog: its sign-off, visit and caption dialogs).
import type { ComponentProps, FormEvent } from 'react';

type NestedFormProps = Omit<ComponentProps<'form'>, 'onSubmit' | 'noValidate'> & {
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
};

/** React sends a portal's submit up the component tree to the outer form as well, so it stops here. */
export function NestedForm({ onSubmit, ...props }: NestedFormProps) {
  return (
    <form
      {...props}
      noValidate
      onSubmit={(event) => {
        event.stopPropagation();
        void onSubmit(event);
      }}
    />
  );
}
