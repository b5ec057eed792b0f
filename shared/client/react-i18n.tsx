// React bindings of the project's i18n runtime (./i18n-runtime.ts), imported by their own name
// (`#client/react-i18n.tsx`): `useTranslation` re-renders a component when the language changes
// or a dictionary arrives; `Trans` puts elements inside a translated sentence.
import {
  Children,
  cloneElement,
  Fragment,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useMemo,
  useSyncExternalStore,
} from "react";
import { type I18n, i18n, type TFunction, type TOptions } from "./i18n-runtime";

let revision = 0;
const subscribers = new Set<() => void>();
const bump = () => {
  revision += 1;
  for (const notify of subscribers) notify();
};
i18n.on("languageChanged", bump);
i18n.on("added", bump);

function subscribe(listener: () => void) {
  subscribers.add(listener);
  return () => {
    subscribers.delete(listener);
  };
}
const getRevision = () => revision;

/** Re-renders the component when the language changes or a dictionary arrives. */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const current = useSyncExternalStore(subscribe, getRevision, getRevision);
  return useMemo(() => {
    // A new `t` per revision, so memoised children that take `t` see the change.
    void current;
    return { t: i18n.getFixedT(), i18n };
  }, [current]);
}

const TAG = /<(\w+)>([\s\S]*?)<\/\1>|<(\w+)\s*\/>/g;

/**
 * A sentence with markup inside, translated as one key: `<Trans i18nKey="Read the <link>terms</link>."
 * components={{ link: <a href="/terms" /> }} />`. Tags are the keys of `components` (names or
 * indexes); they do not nest.
 */
export function Trans({
  i18nKey,
  children,
  values,
  components,
  count,
  t: tProp,
}: {
  i18nKey?: string;
  children?: ReactNode;
  values?: TOptions;
  components?: Record<string, ReactElement> | ReactElement[];
  count?: number;
  t?: TFunction;
}) {
  const { t: tHook } = useTranslation();
  const t = tProp ?? tHook;
  const key =
    i18nKey ??
    Children.toArray(children)
      .filter((c) => typeof c === "string")
      .join("");
  const text = t(key, { ...values, ...(count === undefined ? {} : { count }) });
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    parts.push(text.slice(last, match.index));
    const name = match[1] ?? match[3] ?? "";
    const element = (components as Record<string, ReactElement> | undefined)?.[name];
    const inner = match[2] ?? "";
    parts.push(
      element && isValidElement(element) ? (
        inner ? (
          cloneElement(element, { key: parts.length }, inner)
        ) : (
          cloneElement(element, { key: parts.length })
        )
      ) : (
        <Fragment key={parts.length}>{inner}</Fragment>
      ),
    );
    last = (match.index ?? 0) + match[0].length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
