"use client";

import { Bar, BarChart, CartesianGrid, Cell, LabelList, ResponsiveContainer, XAxis, YAxis } from "recharts";

export interface ChartBar {
  label: string;
  value: number;
  /** A fill colour; every bar is also labelled with its number, so colour never carries the meaning alone. */
  color: string;
}

/**
 * Horizontal bars (recharts) in a box of fixed height, so nothing moves when the browser measures its width.
 * The picture is hidden from assistive technology: the caller puts the same figures in a table beside it.
 */
export function HorizontalBars({ bars, height, locale }: { bars: ChartBar[]; height: number; locale: string }) {
  const format = (value: number) => new Intl.NumberFormat(locale).format(value);
  return (
    <div aria-hidden="true" className="w-full" style={{ height }}>
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height }}>
        <BarChart data={bars} layout="vertical" margin={{ top: 4, right: 48, bottom: 4, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid horizontal={false} stroke="#e2e8f0" />
          <XAxis type="number" allowDecimals={false} tick={{ fill: "#475569", fontSize: 12 }} tickFormatter={format} />
          <YAxis type="category" dataKey="label" width={110} tick={{ fill: "#334155", fontSize: 12 }} />
          <Bar dataKey="value" isAnimationActive={false} radius={[0, 4, 4, 0]}>
            {bars.map((bar) => (
              <Cell key={bar.label} fill={bar.color} />
            ))}
            <LabelList
              dataKey="value"
              position="right"
              formatter={(value) => format(Number(value))}
              fill="#0f172a"
              fontSize={12}
            />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
