import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PublicOrganizationPage } from '@/features/organization-home/components/public-page';

/** The public services list; its content arrives with the scheduling issue. */
export function ServicesScreen() {
  const { slug = '' } = useParams();
  return (
    <PublicOrganizationPage slug={slug}>
      {(organization) => (
        <div className="space-y-4">
          <Button asChild variant="outline" size="sm">
            <Link to={`/org/${organization.slug}`}>
              <ArrowLeft aria-hidden />
              Back to Home
            </Link>
          </Button>
          <h1 className="text-2xl font-bold tracking-tight">Our Services</h1>
        </div>
      )}
    </PublicOrganizationPage>
  );
}
