import { Lightbulb } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const TIPS = [
  'Pick an unpaid invoice and generate its link; generating again hands out the same link while it is still valid.',
  'Copy the link into an e-mail or text message, or use Test to see the page your customer sees.',
  'Invoice links ask for the balance due and are marked completed once the invoice is paid.',
  'Links expire after 30 days; generate a new one for an invoice whose link has expired.',
  'Put the generic link on your website or in your e-mail signature: customers enter the amount and what it is for.',
  'Every opening of a link is counted in the Clicks column below.',
];

export function HowToUseCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Lightbulb className="size-5 text-primary" aria-hidden />
          How to Use Payment Links
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="list-decimal space-y-2 pl-5 text-sm text-muted-foreground marker:text-foreground">
          {TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
