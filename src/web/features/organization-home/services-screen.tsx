import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, CalendarPlus, Clock, PackageOpen } from 'lucide-react';
import { formatMoney } from '@contracts/money';
import { isApiError } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { PublicOrganizationPage } from '@/features/organization-home/components/public-page';
import type { SluggedOrganization } from '@/features/organization-home/api/get-public-organization';
import { usePublicServices } from '@/features/organization-home/api/get-public-services';
import { durationLabel } from '@/lib/time-labels';

function ServiceGrid({ organization }: { organization: SluggedOrganization }) {
  const services = usePublicServices(organization.slug);

  useEffect(() => {
    document.title = `Services · ${organization.name} · Tradebook`;
  }, [organization.name]);

  if (services.isPending) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading services">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-48 rounded-xl" />
        ))}
      </div>
    );
  }
  if (services.isError) {
    return (
      <div className="flex flex-col items-center gap-3 py-16 text-center">
        <h2 className="text-xl font-semibold">{isApiError(services.error, 404) ? 'Organization Not Found' : 'Error loading services'}</h2>
        {!isApiError(services.error, 404) && <Button onClick={() => void services.refetch()}>Try again</Button>}
      </div>
    );
  }
  if (services.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed py-16 text-center">
        <PackageOpen className="size-10 text-muted-foreground" aria-hidden />
        <h2 className="text-xl font-semibold">No Services Available</h2>
        <p className="max-w-sm text-sm text-muted-foreground">This business has not published any services yet. Please check back later or contact them directly.</p>
      </div>
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {services.data.map((service) => (
        <li key={service.id}>
          <Card className="flex h-full flex-col">
            <CardHeader>
              <CardTitle className="text-lg">{service.name}</CardTitle>
              {service.description && <CardDescription className="whitespace-pre-line">{service.description}</CardDescription>}
            </CardHeader>
            <CardContent className="mt-auto flex items-center justify-between gap-2 text-sm">
              <span className="inline-flex items-center gap-1.5 text-muted-foreground">
                <Clock className="size-4" aria-hidden />
                {durationLabel(service.duration)}
              </span>
              <span className="text-base font-semibold">{formatMoney(service.price)}</span>
            </CardContent>
            <CardFooter>
              <Button asChild className="w-full">
                <Link to={`/schedule/${encodeURIComponent(organization.slug)}?service=${service.id}`} aria-label={`Book Now: ${service.name}`}>
                  <CalendarPlus aria-hidden />
                  Book Now
                </Link>
              </Button>
            </CardFooter>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function ServicesScreen() {
  const { slug = '' } = useParams();
  return (
    <PublicOrganizationPage slug={slug}>
      {(organization) => (
        <div className="space-y-6">
          <Button asChild variant="outline" size="sm">
            <Link to={`/org/${encodeURIComponent(organization.slug)}`}>
              <ArrowLeft aria-hidden />
              Back to Home
            </Link>
          </Button>
          <div>
            <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Our Services</h1>
            <p className="mt-1 text-muted-foreground">Choose a service and book a time that suits you.</p>
          </div>
          <ServiceGrid organization={organization} />
        </div>
      )}
    </PublicOrganizationPage>
  );
}
