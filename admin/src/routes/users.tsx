import { createFileRoute } from "@tanstack/react-router";
import { SearchPage } from "../features/users/search-page";

export const Route = createFileRoute("/users")({ component: () => <SearchPage type="users" /> });
