import { useEffect } from 'react';

const FIRST_INPUT = ['pointerdown', 'keydown'] as const;

/**
 * Loads the validation words (contracts/validation-words.ts, ADR 010) at the user's first pointer or key press:
 * a form validates only after input, so the words are in place before any message shows, and the screen's first
 * load stays within its script budget (e2e/first-page-budget.spec.ts).
 */
export function useValidationWords(): void {
  useEffect(() => {
    const load = () => {
      for (const type of FIRST_INPUT) window.removeEventListener(type, load, true);
      void import('@contracts/validation-words');
    };
    for (const type of FIRST_INPUT) window.addEventListener(type, load, true);
    return () => {
      for (const type of FIRST_INPUT) window.removeEventListener(type, load, true);
    };
  }, []);
}
