import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface LineChartSeries {
  label: string;
  values: number[];
  /** A colour of the design tokens' palette, readable on white (contrast ≥ 3:1 against it). */
  color: string;
}

interface LineChartProps {
  /** X labels (weeks), one per value. */
  labels: string[];
  series: LineChartSeries[];
  /** What the chart shows, for screen readers (the figure's table gives the numbers). */
  label: string;
  height?: number;
}

/**
 * A uPlot line chart sized to its container (ResizeObserver). uPlot draws on a canvas in ~50 KB
 * (21 KB gzip), against several hundred KB for ECharts or Recharts (+ d3), and is maintained; it
 * is only in the dashboard's lazy chunk. The canvas is hidden from assistive technologies: each
 * chart's figure carries the same numbers as a table. Where the browser has no ResizeObserver
 * (jsdom), nothing is drawn and the table stays.
 */
function options(
  labels: string[],
  series: LineChartSeries[],
  width: number,
  height: number,
): uPlot.Options {
  return {
    width,
    height,
    legend: { show: true },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: false } },
    axes: [
      { values: (_u, splits) => splits.map((i) => labels[i] ?? ''), space: 60, stroke: '#374151' },
      { stroke: '#374151', size: 44 },
    ],
    series: [
      { label: 'Semaine', value: (_u, i) => (i === null ? '' : (labels[i] ?? '')) },
      ...series.map((s) => ({
        label: s.label,
        stroke: s.color,
        width: 2,
        points: { show: true, size: 6 },
      })),
    ],
  };
}

export function LineChart({ labels, series, label, height = 220 }: LineChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const xs = labels.map((_, i) => i);
    const plot = new uPlot(
      options(labels, series, Math.max(200, el.clientWidth), height),
      [xs, ...series.map((s) => s.values)],
      el,
    );
    const observer = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(200, el.clientWidth), height }),
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [labels, series, height]);
  return <div className="dash-chart" ref={box} role="img" aria-label={label} />;
}
