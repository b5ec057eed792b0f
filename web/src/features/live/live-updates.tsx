import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useToken } from "#web/lib/session.ts";

/**
 * Opens this tab's live socket while someone is signed in. Its code is a chunk of its own, loaded
 * after the first page (the first load's budget), and closed again on sign-out.
 */
export function LiveUpdates() {
  const token = useToken();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token || typeof WebSocket === "undefined") return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import("#web/live-wiring.ts").then(({ startLiveUpdates }) => {
      if (cancelled) return;
      stop = startLiveUpdates(queryClient).stop;
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [token, queryClient]);
  return null;
}
