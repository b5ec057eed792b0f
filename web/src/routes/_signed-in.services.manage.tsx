import { createFileRoute } from "@tanstack/react-router";
import { Spinner } from "#client/ui/spinner.tsx";
import { useMe } from "#web/lib/session.ts";
import { ManageServicesPage } from "../features/services/components/manage-services-page";

// /services/manage: the caller's services; a visitor gets the login dialog.
export const Route = createFileRoute("/_signed-in/services/manage")({
  component: () => <WithMe />,
});

function WithMe() {
  const { me } = useMe();
  if (!me)
    return (
      <div className="grid min-h-60 place-items-center">
        <Spinner />
      </div>
    );
  return <ManageServicesPage me={me} />;
}
