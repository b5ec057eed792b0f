import { useEffect, useRef } from "react";
import uPlot from "uplot";
import chartCss from "uplot/dist/uPlot.min.css?inline";
import { useTheme } from "#web/lib/theme.ts";
import { formatUsd } from "../amounts";

/**
 * The 1-day price line, drawn by uPlot on a canvas. This module is loaded lazily (the chart and its
 * library stay out of every other page's code); the page around it gives the readers of a screen
 * reader the same story in words. Green when the day ends at or above where it began, red below.
 */
/** uPlot's styles come with the chart: the site's one stylesheet does not carry them (ADR 093). */
function addChartStyles(): void {
  if (document.getElementById("uplot-styles")) return;
  const style = document.createElement("style");
  style.id = "uplot-styles";
  style.textContent = chartCss;
  document.head.append(style);
}

export default function PriceChart({ prices, label }: { prices: Array<[number, number]>; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  useEffect(() => {
    const el = box.current;
    if (!el || prices.length < 2) return;
    addChartStyles();
    const css = getComputedStyle(document.documentElement);
    const color = (name: string) => css.getPropertyValue(name).trim();
    const up = (prices[prices.length - 1]?.[1] ?? 0) >= (prices[0]?.[1] ?? 0);
    const stroke = color(up ? "--success" : "--danger");
    const axis = {
      stroke: color("--muted"),
      grid: { stroke: color("--line"), width: 1 },
      ticks: { show: false },
    };
    const data: uPlot.AlignedData = [prices.map(([ms]) => ms / 1000), prices.map(([, price]) => price)];
    const chart = new uPlot(
      {
        width: el.clientWidth,
        height: 240,
        legend: { show: false },
        cursor: { y: false, points: { size: 8 } },
        scales: { x: { time: true } },
        axes: [
          { ...axis, space: 70 },
          { ...axis, size: 72, values: (_u, ticks) => ticks.map((v) => formatUsd(v)) },
        ],
        series: [
          {},
          {
            label,
            stroke,
            width: 2,
            fill: `${stroke}22`,
            points: { show: false },
            value: (_u, v) => (v == null ? "" : formatUsd(v)),
          },
        ],
      },
      data,
      el,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height: 240 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [prices, label, theme]);
  return <div ref={box} className="w-full" data-testid="price-chart" aria-hidden="true" />;
}
