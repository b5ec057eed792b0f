import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { adminLoginSchema } from "../../../../shared/src/schemas/fields";
import { setAdminToken } from "../../lib/admin-token";
import { ApiError, adminFetch } from "../../lib/api";

type Field = "username" | "password";

/** Admin login (part 1 §5): messages only after a field is touched; submit needs a valid, changed form. */
export default function LoginPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ username: "", password: "" });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ username: false, password: false });
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const ids = { username: useId(), password: useId(), error: useId() };

  const parsed = adminLoginSchema.safeParse(values);
  const errors: Partial<Record<Field, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field;
      errors[field] ??= issue.message;
    }
  }
  const changed = values.username !== "" || values.password !== "";
  const canSubmit = parsed.success && changed && !submitting;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmit) return;
    setSubmitting(true);
    setServerError(null);
    try {
      const { access_token } = await adminFetch<{ access_token: string }>("/api/admin/auth/login", {
        method: "POST",
        body: new URLSearchParams(values),
      });
      queryClient.clear();
      setAdminToken(access_token);
      if (location.pathname === "/admin/login") history.replaceState(null, "", "/admin/");
    } catch (error) {
      setServerError(error instanceof ApiError && error.detail ? error.detail : t("Login failed."));
    } finally {
      setSubmitting(false);
    }
  };

  const fieldError = (field: Field) =>
    touched[field] && errors[field] ? (
      <p id={`${ids[field]}-error`} className="field-error">
        {t(errors[field]!)}
      </p>
    ) : null;

  return (
    <main className="grid min-h-dvh place-items-center p-4">
      <form
        onSubmit={submit}
        className="card w-full max-w-sm p-6"
        noValidate
        aria-describedby={serverError ? ids.error : undefined}
      >
        <div className="mb-6 flex items-center gap-3">
          <img src="/admin/favicon.svg" alt="" width="36" height="36" />
          <div>
            <h1 className="text-xl font-semibold">{t("Agora Admin")}</h1>
            <p className="text-sm text-[var(--muted)]">{t("Staff sign in")}</p>
          </div>
        </div>
        <div className="mb-4">
          <label htmlFor={ids.username} className="field-label">
            {t("Username")} <span title={t("This is required field")}>*</span>
          </label>
          <input
            id={ids.username}
            name="username"
            autoComplete="username"
            className="field"
            value={values.username}
            aria-invalid={touched.username && Boolean(errors.username)}
            aria-describedby={touched.username && errors.username ? `${ids.username}-error` : undefined}
            onChange={(e) => setValues((v) => ({ ...v, username: e.target.value }))}
            onBlur={() => setTouched((s) => ({ ...s, username: true }))}
          />
          {fieldError("username")}
        </div>
        <div className="mb-4">
          <label htmlFor={ids.password} className="field-label">
            {t("Password")} <span title={t("This is required field")}>*</span>
          </label>
          <div className="relative">
            <input
              id={ids.password}
              name="password"
              type={showPassword ? "text" : "password"}
              autoComplete="current-password"
              className="field pr-20"
              value={values.password}
              aria-invalid={touched.password && Boolean(errors.password)}
              aria-describedby={touched.password && errors.password ? `${ids.password}-error` : undefined}
              onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
              onBlur={() => setTouched((s) => ({ ...s, password: true }))}
            />
            <button
              type="button"
              className="absolute inset-y-0 right-2 my-auto h-7 rounded px-2 text-xs font-semibold text-[var(--muted)] hover:bg-[var(--hover)]"
              aria-pressed={showPassword}
              onClick={() => setShowPassword((v) => !v)}
            >
              {showPassword ? t("Hide password") : t("Show password")}
            </button>
          </div>
          {fieldError("password")}
        </div>
        {serverError ? (
          <p id={ids.error} role="alert" className="mb-3 text-sm text-[var(--danger)]">
            {serverError}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary w-full" disabled={!canSubmit}>
          {submitting ? t("Signing in…") : t("Log In")}
        </button>
      </form>
    </main>
  );
}
