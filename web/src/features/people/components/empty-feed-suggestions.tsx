import { useTranslation } from "#client/react-i18n.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import SuggestionsPanel from "./suggestions-panel";

/** The empty Following or Communities feed: people or communities to start it with. */
export default function EmptyFeedSuggestions({ following }: { following: boolean }) {
  const { t } = useTranslation();
  return (
    <EmptyState title={t("There is nothing here yet")} home={false}>
      <p>
        {following
          ? t("Follow people and their posts show here.")
          : t("Join communities and their posts show here.")}
      </p>
      <div className="mt-4">
        <SuggestionsPanel show={following ? "people" : "communities"} />
      </div>
    </EmptyState>
  );
}
