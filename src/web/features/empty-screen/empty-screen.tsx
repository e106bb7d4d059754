import { useLabels } from '@/lib/use-labels';
import { PageHeader } from '@/components/page-header';
import { areaTitle, type EmptyArea } from '@/features/empty-screen/empty-areas';

/** A screen whose content arrives in a later issue: its heading only, no invented data. */
export function EmptyScreen({ area }: { area: EmptyArea }) {
  const labels = useLabels();
  return <PageHeader title={areaTitle(area, labels)} />;
}
