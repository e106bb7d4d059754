import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useOrganizations } from '@/lib/use-organizations';
import type { OrganizationScope } from '@/features/reports/api/reports-api';

/** A super user sees every organization's figures together or narrows to one. */
export function OrganizationPicker({ value, onChange }: { value: OrganizationScope; onChange: (id: OrganizationScope) => void }) {
  const organizations = useOrganizations();
  return (
    <div className="w-full space-y-1.5 sm:w-56">
      <Label htmlFor="reports-organization">Organization</Label>
      <NativeSelect
        id="reports-organization"
        value={value === null ? '' : String(value)}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
        disabled={organizations.isPending}
      >
        <option value="">All organizations</option>
        {(organizations.data ?? []).map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
