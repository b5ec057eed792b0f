/** A company's logo in a rounded square, or its initial on a colour when it has none. */
export function CompanyLogo({ src, name, size = 48 }: { src: string | null; name: string; size?: number }) {
  const style = { width: size, height: size };
  if (src)
    return (
      <img
        src={src}
        alt=""
        style={style}
        loading="lazy"
        className="shrink-0 rounded-lg border border-[var(--line)] bg-white object-contain"
      />
    );
  const hue = [...name].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 360, 11);
  return (
    <span
      aria-hidden="true"
      style={{ ...style, background: `hsl(${hue} 55% 42%)`, fontSize: size * 0.42 }}
      className="grid shrink-0 place-items-center rounded-lg font-bold text-white uppercase"
    >
      {name.slice(0, 1)}
    </span>
  );
}
