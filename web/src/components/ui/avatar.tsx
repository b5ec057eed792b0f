/**
 * A round picture, or the name's first letter on a colour when there is none. Decorative (empty
 * alt): every avatar sits next to the name it shows or inside a control named after the person.
 */
export function Avatar({
  src,
  name,
  size = 32,
}: {
  src: string | null | undefined;
  name: string;
  size?: number;
}) {
  const style = { width: size, height: size };
  if (src)
    return (
      <img src={src} alt="" style={style} className="shrink-0 rounded-full object-cover" loading="lazy" />
    );
  const hue = [...name].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 360, 7);
  return (
    <span
      aria-hidden="true"
      style={{ ...style, background: `hsl(${hue} 60% 45%)`, fontSize: size * 0.45 }}
      className="grid shrink-0 place-items-center rounded-full font-bold text-white uppercase"
    >
      {name.slice(0, 1)}
    </span>
  );
}
