// Both SPAs and the component tests resolve i18next's package names to the project's own small
// runtime (docs/decisions/008-lean-first-load.md): code keeps the familiar imports and types,
// while the first load carries ~1 KB instead of ~16 KB gzip.
const here = new URL(".", import.meta.url).pathname;

export const i18nAliases = [
  { find: /^react-i18next$/, replacement: `${here}react-i18n.tsx` },
  { find: /^i18next$/, replacement: `${here}i18n-runtime.ts` },
];
