import type { GuideSection } from '@/features/user-guide/guide-sections';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

export function GuideSectionCard({ section }: { section: GuideSection }) {
  return (
    <Card id={section.id} className="scroll-mt-24">
      <CardHeader>
        <CardTitle className="text-lg">{section.title}</CardTitle>
        <CardDescription>{section.intro}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <ol className="list-decimal space-y-2 pl-5 text-sm leading-relaxed marker:font-semibold marker:text-primary">
          {section.steps.map((step) => (
            <li key={step} className="pl-1">
              {step}
            </li>
          ))}
        </ol>
        {section.tip && <p className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">{section.tip}</p>}
      </CardContent>
    </Card>
  );
}
