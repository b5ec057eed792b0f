import { type InfiniteData, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Job, JobKey, Resume } from "#shared/schemas/jobs.ts";
import type { CursorPage } from "#shared/schemas/posts.ts";
import { api } from "#web/lib/api.ts";
import { jobKeys } from "./queries";

/** What the job form sends: its fields as text, the logo as a file (multipart). */
export interface JobInput {
  fields: Record<string, string>;
  logo: File | null;
}

/**
 * Posts a job. The form shows a refusal on its field (or above the form), so the generic red
 * notice stays quiet.
 */
export function useCreateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, logo }: JobInput) => {
      const body = new FormData();
      for (const [key, value] of Object.entries(fields)) body.append(key, value);
      if (logo) body.append("company_logo", logo);
      return api.post("/api/v1/private/user/job", { body });
    },
    onError: () => {},
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: jobKeys.root }),
  });
}

/** Deletes one of the caller's jobs; it leaves every cached list at once. */
export function useDeleteJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: JobKey) => api.delete("/api/v1/private/user/job", { body: key }),
    onSuccess: (_answer, key) => {
      queryClient.setQueriesData<InfiniteData<CursorPage<Job>>>({ queryKey: jobKeys.root }, (data) =>
        data?.pages
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                list: page.list.filter((job) => !(job.username === key.username && job.slug === key.slug)),
              })),
            }
          : data,
      );
      queryClient.removeQueries({ queryKey: jobKeys.one(key.username, key.slug) });
      void queryClient.invalidateQueries({ queryKey: jobKeys.root });
    },
  });
}

/** Uploads (or replaces) the caller's résumé; the API checks that the bytes are a PDF. */
export function useUploadResume() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append("file", file);
      return api.post("/api/v1/user/resume", { body });
    },
    onError: () => {},
    onSuccess: (resume) => queryClient.setQueryData(jobKeys.resume(), resume),
  });
}

export function useDeleteResume() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete("/api/v1/private/user/resume"),
    onSuccess: () => queryClient.setQueryData<Resume>(jobKeys.resume(), { link: null }),
  });
}
