import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AlertCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** A page-sized explanation when the portal cannot be shown (a bad link, no access). */
export function PortalMessage({ title, message, children }: { title: string; message: string; children?: ReactNode }) {
  return (
    <Card className="mx-auto mt-6 max-w-lg" data-testid="portal-message">
      <CardHeader>
        <CardTitle asHeading="h1" className="flex items-center gap-2 text-lg">
          <AlertCircle className="size-5 text-destructive" aria-hidden />
          {title}
        </CardTitle>
        <CardDescription className="text-base">{message}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {children ?? (
          <Button asChild>
            <Link to="/login">Sign in</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
