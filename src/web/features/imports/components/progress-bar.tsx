/** A bar with its figure in words: how far an upload or an import has gone. */
export function ProgressBar({ label, percent, text, testId }: { label: string; percent: number; text: string; testId: string }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="grid w-full gap-1" data-testid={testId}>
      <p className="text-sm" aria-live="polite">
        {text}
      </p>
      <div className="h-2 overflow-hidden rounded-full bg-muted" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} aria-valuetext={text}>
        <div className="h-full bg-primary transition-[width]" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
