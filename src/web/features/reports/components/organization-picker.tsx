import { OrganizationSelect } from '@/components/organization-select';
import type { OrganizationScope } from '@/features/reports/api/reports-api';

/** A super user sees every organization's figures together or narrows to one. */
export function OrganizationPicker({ value, onChange }: { value: OrganizationScope; onChange: (id: OrganizationScope) => void }) {
  return <OrganizationSelect id="reports-organization" value={value} onChange={onChange} noneLabel="All organizations" className="sm:w-56" />;
}
