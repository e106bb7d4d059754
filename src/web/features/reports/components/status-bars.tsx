// Bars of counts per status, coloured like the status badges (recharts, loaded on its own).
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { STATUS_COLORS } from '@/features/reports/lib/report-display';

export interface Slice {
  status: string;
  label: string;
  count: number;
  /** Invoices only: the summed totals, decimal string. */
  total?: string;
}

export function StatusBars({ slices, className }: { slices: Slice[]; className: string }) {
  return (
    <div className={className} aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={slices} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} strokeDasharray="3 3" stroke="var(--border)" />
          <XAxis dataKey="label" tickLine={false} axisLine={false} fontSize={12} interval={0} />
          <YAxis allowDecimals={false} tickLine={false} axisLine={false} fontSize={12} width={48} />
          <Tooltip cursor={{ fill: 'var(--muted)' }} formatter={(value) => [String(value), 'Count']} />
          <Bar dataKey="count" radius={[4, 4, 0, 0]} isAnimationActive={false}>
            {slices.map((s) => (
              <Cell key={s.status} fill={STATUS_COLORS[s.status] ?? 'var(--primary)'} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
