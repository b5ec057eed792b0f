import { type InfiniteData, useMutation, useQueryClient } from "@tanstack/react-query";
import type { CursorPage } from "#shared/schemas/posts.ts";
import type { Service, ServiceKey } from "#shared/schemas/services.ts";
import type { Me } from "#shared/schemas/user.ts";
import { api } from "#web/lib/api.ts";
import { accountKeys } from "#web/lib/session.ts";
import { serviceKeys } from "./queries";

/** What the service form sends (multipart): its fields as text and the chosen pictures. */
export interface ServiceInput {
  fields: Record<string, string>;
  /** New pictures; on an edit they replace the old ones, and none keeps them. */
  images: File[];
}

function multipart({ fields, images }: ServiceInput): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  for (const image of images) body.append("images", image);
  return body;
}

/** Every cached copy of the service (lists and its page) shows it as it is now. */
function replaceEverywhere(queryClient: ReturnType<typeof useQueryClient>, service: Service) {
  queryClient.setQueriesData<InfiniteData<CursorPage<Service>>>({ queryKey: serviceKeys.root }, (data) =>
    data?.pages
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            list: page.list.map((s) =>
              s.slug === service.slug && s.username === service.username ? service : s,
            ),
          })),
        }
      : data,
  );
  queryClient.setQueryData(serviceKeys.one(service.username, service.slug), service);
}

/**
 * Offers a new service. The form shows a refusal on its field, so the red notice stays quiet. The
 * server switches "I offer services" on with the first one, so the account is read again.
 */
export function useCreateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ServiceInput) =>
      api.post("/api/v1/private/user/service", {
        body: multipart(input),
      }),
    onError: () => {},
    onSuccess: () => {
      queryClient.setQueryData<Me>(accountKeys.me(), (me) =>
        me ? { ...me, is_service_provider: true } : me,
      );
      void queryClient.invalidateQueries({ queryKey: serviceKeys.root });
    },
  });
}

/** Changes one of the caller's services (by slug). */
export function useUpdateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ServiceInput & { slug: string }) =>
      api.patch("/api/v1/private/user/service", {
        body: multipart({ fields: { ...input.fields, slug: input.slug }, images: input.images }),
      }),
    onError: () => {},
    onSuccess: (service) => {
      replaceEverywhere(queryClient, service);
      void queryClient.invalidateQueries({ queryKey: serviceKeys.root });
    },
  });
}

/** Pauses (hidden from everyone else) or resumes a service. */
export function usePauseService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, active }: { slug: string; active: boolean }) =>
      api.patch("/api/v1/private/user/service", {
        body: { slug, is_active: active },
      }),
    onSuccess: (service) => {
      replaceEverywhere(queryClient, service);
      void queryClient.invalidateQueries({ queryKey: serviceKeys.lists() });
    },
  });
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: ServiceKey) => api.delete("/api/v1/private/user/service", { body: key }),
    onSuccess: (_answer, key) => {
      queryClient.setQueriesData<InfiniteData<CursorPage<Service>>>({ queryKey: serviceKeys.root }, (data) =>
        data?.pages
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                list: page.list.filter((s) => !(s.slug === key.slug && s.username === key.username)),
              })),
            }
          : data,
      );
      queryClient.removeQueries({ queryKey: serviceKeys.one(key.username, key.slug) });
      void queryClient.invalidateQueries({ queryKey: serviceKeys.root });
    },
  });
}
