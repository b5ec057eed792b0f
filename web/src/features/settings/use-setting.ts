import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UserBooleanSetting } from "#shared/enums.ts";
import type { Me } from "#shared/schemas/user.ts";
import { api } from "#web/lib/api.ts";
import { accountKeys } from "#web/lib/session.ts";

const MIRRORED: Partial<Record<UserBooleanSetting, keyof Me>> = {
  ALLOW_NEW_CHAT: "allow_new_chat",
  SERVICE_PROVIDER: "is_service_provider",
  USE_NIGHT_MODE: "use_night_mode",
};

/**
 * Flips one boolean setting (`PATCH .../setting/boolean`, which toggles and answers the new value).
 * The switch moves at once; the server's answer wins, and a failure moves it back. A switch is
 * disabled while its request is out, so two quick clicks cannot flip it twice.
 */
export function useFlipSetting(setting: UserBooleanSetting) {
  const queryClient = useQueryClient();
  const write = (value: boolean) =>
    queryClient.setQueryData<Me>(accountKeys.me(), (me) => {
      if (!me) return me;
      const mirrored = MIRRORED[setting];
      return {
        ...me,
        ...(mirrored ? { [mirrored]: value } : {}),
        settings: { ...me.settings, [setting]: value },
      };
    });
  return useMutation({
    mutationFn: () =>
      api.patch("/api/v1/private/user/setting/boolean", {
        query: { user_boolean_setting: setting },
      }),
    onMutate: () => {
      const before = queryClient.getQueryData<Me>(accountKeys.me())?.settings[setting] ?? false;
      write(!before);
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context) write(context.before);
    },
    onSuccess: ({ result }) => write(result),
  });
}
