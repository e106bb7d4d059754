import { Link } from 'react-router';
import { CalendarPlus, ExternalLink, FilePlus2, Timer, UserPlus } from 'lucide-react';
import { singular, type LabelSet } from '@contracts/vocabulary';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

interface QuickActionsCardProps {
  /** The organization's words for the records the actions create. */
  labels: LabelSet;
  canCreateInvoice: boolean;
  canAddCustomer: boolean;
  organizationSlug: string | null;
  onCreateInvoice: () => void;
  onAddCustomer: () => void;
  /** Warms the dialogs' code when the pointer comes near, so the click rarely waits. */
  onPreload: () => void;
}

const ACTION = 'h-10 justify-start';

export function QuickActionsCard({ labels, canCreateInvoice, canAddCustomer, organizationSlug, onCreateInvoice, onAddCustomer, onPreload }: QuickActionsCardProps) {
  return (
    <Card data-testid="quick-actions">
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2" onPointerEnter={onPreload} onFocus={onPreload}>
        <Button variant="outline" className={ACTION} asChild>
          <Link to="/scheduling">
            <CalendarPlus aria-hidden />
            Book Appointment
          </Link>
        </Button>
        {canCreateInvoice && (
          <Button variant="outline" className={ACTION} onClick={onCreateInvoice}>
            <FilePlus2 aria-hidden />
            Create {singular(labels.invoices)}
          </Button>
        )}
        {canAddCustomer && (
          <Button variant="outline" className={ACTION} onClick={onAddCustomer}>
            <UserPlus aria-hidden />
            Add {singular(labels.customers)}
          </Button>
        )}
        <Button variant="outline" className={ACTION} asChild>
          <Link to="/time-tracking?start=1">
            <Timer aria-hidden />
            Start Timer
          </Link>
        </Button>
        {organizationSlug && (
          <Button variant="outline" className={ACTION} asChild>
            <a href={`/org/${encodeURIComponent(organizationSlug)}`} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden />
              View Organization Home
            </a>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
