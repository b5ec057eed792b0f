import { createFileRoute } from "@tanstack/react-router";
import { SearchPage } from "../features/users/search-page";

export const Route = createFileRoute("/admins")({ component: () => <SearchPage type="admins" /> });
