import { useRouterState } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "./react-i18n";

/**
 * A route's document title (WCAG 2.4.2): `null` when the page names itself once its data is in (a
 * community, a post), a message id (translated) otherwise. A missing route shows the brand alone.
 */
export type PageTitles = Record<string, string | null>;

/**
 * "Jobs · Agora" in the chosen language, set as the route or the language changes. The titles in
 * `known` apply at once; the others come from `load` (so the full list need not be in the first
 * load). `shown` names the route whose page is on screen when it is not the address's (the admin
 * login in its place).
 */
export function usePageTitle(
  load: () => Promise<PageTitles>,
  brand: string,
  {
    known = {},
    shown,
    notFound,
  }: {
    known?: PageTitles;
    shown?: string;
    /** The title of an address no route answers ("Page not found"), a message id. */
    notFound?: string;
  } = {},
): void {
  const { t } = useTranslation();
  const matched = useRouterState({ select: (s) => s.matches.at(-1)?.routeId ?? "" });
  // A title may name what the address names ("{{username}}"): the route's params fill it in.
  const paramsJson = useRouterState({ select: (s) => JSON.stringify(s.matches.at(-1)?.params ?? {}) });
  const missing = useRouterState({
    select: (s) => s.matches.some((m) => m._notFound === true || m.status === "notFound"),
  });
  const routeId = shown ?? matched;
  useEffect(() => {
    let current = true;
    const apply = (title: string | null | undefined) => {
      if (!current || title === null) return;
      document.title = title
        ? `${t(title, JSON.parse(paramsJson) as Record<string, string>)} · ${brand}`
        : brand;
    };
    if (missing && notFound) apply(notFound);
    else if (routeId in known) apply(known[routeId]);
    else
      load().then(
        (titles) => apply(titles[routeId]),
        () => apply(undefined),
      );
    return () => {
      current = false;
    };
  }, [load, known, routeId, t, brand, paramsJson, missing, notFound]);
}
