// A super user's choice of organization on a screen whose figures or records belong to one (or, where the screen
// allows it, to every organization: the empty choice).
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/utils';
import { useOrganizations } from '@/lib/use-organizations';

interface OrganizationSelectProps {
  id: string;
  value: number | null;
  onChange: (id: number | null) => void;
  /** The empty choice: "All organizations", or a prompt where the screen needs one. */
  noneLabel: string;
  className?: string;
}

export function OrganizationSelect({ id, value, onChange, noneLabel, className }: OrganizationSelectProps) {
  const organizations = useOrganizations();
  return (
    <div className={cn('w-full space-y-1.5', className)}>
      <Label htmlFor={id}>Organization</Label>
      <NativeSelect id={id} value={value === null ? '' : String(value)} onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))} disabled={organizations.isPending}>
        <option value="">{noneLabel}</option>
        {(organizations.data ?? []).map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
