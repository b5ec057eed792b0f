// React bindings for ./i18n-runtime.ts with react-i18next's API (useTranslation, Trans,
// initReactI18next): `import { useTranslation } from "react-i18next"` resolves here in both SPAs
// and the component tests (./i18n-aliases.ts), so the code reads as the usual library does.
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

type UseTranslationResponse = [TFunction, I18n, boolean] & { t: TFunction; i18n: I18n; ready: boolean };

/** Re-renders the component when the language changes or a dictionary arrives. */
export function useTranslation(_ns?: string | string[], _options?: unknown): UseTranslationResponse {
  const current = useSyncExternalStore(subscribe, getRevision, getRevision);
  return useMemo(() => {
    // A new `t` per revision, so memoised children that take `t` see the change.
    void current;
    const t = i18n.getFixedT();
    return Object.assign([t, i18n, true] as [TFunction, I18n, boolean], { t, i18n, ready: true });
  }, [current]);
}

/** Kept for `i18n.use(initReactI18next)`: the runtime is already the one instance. */
export const initReactI18next = { type: "3rdParty" as const, init: () => {} };

export function I18nextProvider({ children }: { children?: ReactNode; i18n?: unknown }) {
  return <>{children}</>;
}

export function getI18n(): I18n {
  return i18n;
}

const TAG = /<(\w+)>([\s\S]*?)<\/\1>|<(\w+)\s*\/>/g;

/**
 * A sentence with markup inside, translated as one key: `<Trans i18nKey="Read the <link>terms</link>."
 * components={{ link: <a href="/terms" /> }} />`. Tags are the keys of `components` (names or
 * indexes, as in react-i18next); they do not nest.
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
