import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';

/** A list's search box; `label` names it for assistive technology when the placeholder carries extra words. */
export function ListSearch({ value, onChange, placeholder, label }: { value: string; onChange: (value: string) => void; placeholder: string; label?: string }) {
  return (
    <div className="relative w-full sm:max-w-sm">
      <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input type="search" value={value} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} aria-label={label ?? placeholder} maxLength={200} className="pl-8" />
    </div>
  );
}
