import { cn } from '@/lib/utils';

export function OrganizationLogo({ name, logo, className }: { name: string; logo: string | null; className?: string }) {
  if (logo) return <img src={logo} alt={`${name} logo`} className={cn('size-12 rounded-lg bg-white object-contain', className)} />;
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');
  return (
    <span aria-hidden className={cn('flex size-12 items-center justify-center rounded-lg bg-primary text-lg font-bold text-primary-foreground', className)}>
      {letters || '?'}
    </span>
  );
}
