import { Link, useParams } from 'react-router';
import { Home } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PublicOrganizationPage } from '@/features/organization-home/components/public-page';
import { scheduleActionLabel } from '@/features/organization-home/industry-wording';

/** The public booking page; the booking wizard arrives with the scheduling issue. */
export function ScheduleScreen() {
  const { slug = '' } = useParams();
  return (
    <PublicOrganizationPage slug={slug} notFoundTitle="Schedule Not Found">
      {(organization) => (
        <div className="space-y-4">
          <Button asChild variant="outline" size="sm">
            <Link to={`/org/${organization.slug}`}>
              <Home aria-hidden />
              Exit to Home
            </Link>
          </Button>
          <h1 className="text-2xl font-bold tracking-tight">{scheduleActionLabel(organization.industry)}</h1>
        </div>
      )}
    </PublicOrganizationPage>
  );
}
