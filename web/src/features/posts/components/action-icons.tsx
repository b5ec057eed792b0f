import type { SVGProps } from "react";
import { Icon } from "#web/components/post/post-icons.tsx";

// Icons of the options menus' actions and of the post editor, at the post icons' 18 px.
type P = SVGProps<SVGSVGElement>;
export const ImageIcon = (p: P) => <Icon {...p} d="M3 5h18v14H3zM3 16l5-5 4 4 3-3 6 6M15 9h.01" />;
export const TextIcon = (p: P) => <Icon {...p} d="M4 6h16M4 12h16M4 18h10" />;
export const EditIcon = (p: P) => <Icon {...p} d="M4 20h4L19 9l-4-4L4 16zM13 7l4 4" />;
export const TrashIcon = (p: P) => <Icon {...p} d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />;
export const FlagIcon = (p: P) => <Icon {...p} d="M5 21V4h11l-1 4 4 4H5" />;
export const CopyIcon = (p: P) => <Icon {...p} d="M8 8h12v12H8zM4 16V4h12" />;
export const LinkIcon = (p: P) => (
  <Icon
    {...p}
    d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"
  />
);
export const TipIcon = (p: P) => (
  <Icon {...p} d="M12 2v20M17 6H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6" />
);
export const DraftIcon = (p: P) => <Icon {...p} d="M6 2h9l5 5v15H6zM14 2v6h6" />;
