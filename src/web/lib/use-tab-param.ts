import { useSearchParams } from 'react-router';

/**
 * A screen's tab kept in `?tab=NAME`, so a link can open a screen at a tab (the import's "Go to Scheduling" lands on
 * Services) and a reload or the back button keeps it. An unknown name shows the first tab.
 */
export function useTabParam<T extends string>(tabs: readonly { value: T }[]): [T, (next: T) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = tabs.find((t) => t.value === asked)?.value ?? tabs[0].value;
  const setTab = (next: T) => {
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === tabs[0].value) copy.delete('tab');
        else copy.set('tab', next);
        return copy;
      },
      { replace: true },
    );
  };
  return [tab, setTab];
}
