import { encode } from "uqr";

/** A QR code drawn in the browser (the key never goes to another service), as one SVG path. */
export function QrCode({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const { data } = encode(text, { border: 2 });
  const n = data.length;
  let path = "";
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${n} ${n}`}
      shapeRendering="crispEdges"
      className="rounded-md bg-white"
    >
      <rect width={n} height={n} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
