import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/**
 * The charts of Bill Reports (recharts, SVG). Colours are the theme's CSS custom properties (`var(--ds-…)`), so light
 * and dark follow the theme; each chart is a picture (`role="img"`) whose figures are in the table beside it.
 */
export interface ChartSeries {
  key: string;
  name: string;
  color: string;
}

interface ChartProps {
  label: string;
  data: Record<string, string | number>[];
  series: ChartSeries[];
}

const axis = { stroke: 'var(--ds-ink-muted)', tick: { fill: 'var(--ds-ink-muted)', fontSize: 12 } };
const tooltip = {
  contentStyle: { background: 'var(--ds-surface)', border: '1px solid var(--ds-line)', color: 'var(--ds-ink)' },
  labelStyle: { color: 'var(--ds-ink)' },
};
const compact = (value: number) => new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 }).format(value);

export function LinesChart({ label, data, series }: ChartProps) {
  return (
    <div role="img" aria-label={label} className="h-64 min-w-0">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="var(--ds-line)" strokeDasharray="3 3" />
          <XAxis dataKey="name" {...axis} minTickGap={24} />
          <YAxis {...axis} tickFormatter={compact} width={48} />
          <Tooltip {...tooltip} />
          <Legend wrapperStyle={{ color: 'var(--ds-ink)' }} />
          {series.map((s) => (
            <Line key={s.key} type="monotone" dataKey={s.key} name={s.name} stroke={s.color} strokeWidth={2} dot={false} isAnimationActive={false} />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

export function BarsChart({ label, data, series }: ChartProps) {
  return (
    <div role="img" aria-label={label} className="h-64 min-w-0">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="var(--ds-line)" strokeDasharray="3 3" />
          <XAxis type="number" {...axis} tickFormatter={compact} />
          <YAxis type="category" dataKey="name" {...axis} width={110} />
          <Tooltip {...tooltip} cursor={{ fill: 'var(--ds-surface-muted)' }} />
          {series.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
