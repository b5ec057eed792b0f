import { type InputHTMLAttributes, type ReactNode, useId, useState } from "react";
import type { FieldBinding } from "./form";
import { useTranslation } from "./react-i18n";

// The pieces forms of both SPAs are built from. A field takes `{...form.field(name)}` from
// useZodForm (form.tsx) and shows the field's message, translated, once the form decides to.

/** A field's label, with the star that marks it required. */
export function FieldLabel({
  htmlFor,
  required = true,
  children,
}: {
  htmlFor: string;
  required?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <label htmlFor={htmlFor} className="field-label">
      {children}{" "}
      {required ? (
        <span aria-hidden="true" title={t("This is required field")} className="text-[var(--danger)]">
          *
        </span>
      ) : null}
    </label>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "value"> {
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** An i18n key, shown translated under the field. */
  error?: string;
  hint?: ReactNode;
  /** Adds a Show/Hide toggle to a password field. */
  revealable?: boolean;
}

function focusOnMount(input: HTMLInputElement | null): void {
  if (!input) return;
  input.setAttribute("autofocus", "");
  input.focus();
}

/** A labelled input with its error announced to screen readers and a required star. */
export function TextField({
  label,
  value,
  onValue,
  error,
  hint,
  revealable,
  type = "text",
  required = true,
  className,
  autoFocus,
  ...input
}: TextFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ");
  return (
    <div className={className ?? "mb-4"}>
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <div className="relative">
        <input
          id={id}
          // React focuses autoFocus fields itself and leaves the attribute out, but a native
          // <dialog> opened afterwards looks for the attribute and would focus its Close button.
          ref={autoFocus ? focusOnMount : undefined}
          type={revealable && revealed ? "text" : type}
          value={value}
          required={required}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy || undefined}
          className={`field${revealable ? " pr-20" : ""}`}
          onChange={(e) => onValue(e.target.value)}
          {...input}
        />
        {revealable ? (
          <button
            type="button"
            className="absolute inset-y-0 right-2 my-auto h-7 rounded px-2 text-xs font-semibold text-[var(--muted)] hover:bg-[var(--hover)]"
            aria-pressed={revealed}
            aria-controls={id}
            onClick={() => setRevealed((v) => !v)}
          >
            {revealed ? t("Hide password") : t("Show password")}
          </button>
        ) : null}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-[var(--muted)]">
          {hint}
        </p>
      ) : null}
      {/* A live region that is always there: a message appearing in it is read out (WCAG 4.1.3). */}
      <div aria-live="polite">
        {error ? (
          <p id={`${id}-error`} className="field-error">
            {t(error)}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** A TextField whose label has a default. */
type NamedFieldProps = Omit<TextFieldProps, "label"> & { label?: string };

/** A username: no capital letter or spelling fix forced on it. */
export function UsernameField({ label, ...props }: NamedFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={label ?? t("Username")}
      name="username"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}

export function EmailField({ label, ...props }: NamedFieldProps) {
  const { t } = useTranslation();
  return <TextField label={label ?? t("Email")} name="email" type="email" autoComplete="email" {...props} />;
}

/**
 * A password with its Show/Hide toggle. The browser offers the saved one; a field for a new
 * password says `autoComplete="new-password"`.
 */
export function PasswordField({ label, ...props }: Omit<NamedFieldProps, "type" | "revealable">) {
  const { t } = useTranslation();
  return (
    <TextField
      label={label ?? t("Password")}
      name="password"
      type="password"
      revealable
      autoComplete="current-password"
      {...props}
    />
  );
}

/** The username and password of a login form, the username focused first. */
export function LoginFields({
  form,
  passwordClassName,
  passwordHint,
}: {
  form: { field: (name: "username" | "password") => FieldBinding };
  passwordClassName?: string;
  /** A rule to show under the password until its own message replaces it. */
  passwordHint?: ReactNode;
}) {
  const password = form.field("password");
  return (
    <>
      <UsernameField autoFocus {...form.field("username")} />
      <PasswordField
        {...password}
        className={passwordClassName}
        hint={password.error ? undefined : passwordHint}
      />
    </>
  );
}

/** The old and the new password of a password change. */
export function PasswordChangeFields({
  form,
  autoFocus,
  newPasswordHint,
}: {
  form: { field: (name: "old_password" | "new_password") => FieldBinding };
  autoFocus?: boolean;
  newPasswordHint?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={t("Old password")}
        name="old_password"
        autoFocus={autoFocus}
        {...form.field("old_password")}
      />
      <PasswordField
        label={t("New password")}
        name="new_password"
        autoComplete="new-password"
        {...form.field("new_password")}
        hint={newPasswordHint}
      />
    </>
  );
}

/** A labelled text area with a live "n / max" counter and its error under it. */
export function TextAreaField({
  label,
  value,
  onValue,
  onBlur,
  error,
  min,
  max,
  rows = 4,
  placeholder,
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  onBlur: () => void;
  /** An i18n key. */
  error?: string;
  min: number;
  max: number;
  rows?: number;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const length = value.trim().length;
  return (
    <div className="mb-4">
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <textarea
        id={id}
        value={value}
        rows={rows}
        required
        placeholder={placeholder}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-counter${error ? ` ${id}-error` : ""}`}
        onChange={(e) => onValue(e.target.value)}
        onBlur={onBlur}
        className="field resize-y"
      />
      <div className="mt-1 flex justify-between gap-3 text-xs">
        {/* Live, so the message is read out when it replaces the hint; the counter beside it is not. */}
        <div aria-live="polite">
          {error ? (
            <p id={`${id}-error`} className="field-error mt-0">
              {t(error)}
            </p>
          ) : (
            <span className="text-[var(--muted)]">
              {t("Between {{min}} and {{max}} characters", { min, max })}
            </span>
          )}
        </div>
        <span
          id={`${id}-counter`}
          className={`shrink-0 tabular-nums ${length > max || (length > 0 && length < min) ? "text-[var(--danger)]" : "text-[var(--muted)]"}`}
        >
          {length} / {max}
        </span>
      </div>
    </div>
  );
}

/** A problem with the whole form, read out at once. It sits in the form, so a dialog never hides it. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="mb-4 rounded-lg border border-[var(--danger)]/50 bg-[var(--danger)]/10 px-3 py-2 text-sm text-[var(--text)]"
    >
      {children}
    </div>
  );
}

/** Good news inside a form (a code was sent, a new password is on its way). */
export function FormNotice({ children }: { children: ReactNode }) {
  return (
    <div
      role="status"
      className="mb-4 rounded-lg border border-[var(--success)]/50 bg-[var(--success)]/10 px-3 py-2 text-sm text-[var(--text)]"
    >
      {children}
    </div>
  );
}

/** The form's full-width submit button; it says "Please wait…" while the form is being sent. */
export function SubmitButton({
  pending,
  disabled,
  children,
  danger,
}: {
  pending: boolean;
  disabled?: boolean;
  children: ReactNode;
  danger?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="submit"
      className={`btn ${danger ? "btn-danger" : "btn-primary"} w-full`}
      disabled={pending || disabled}
      aria-busy={pending}
    >
      {pending ? t("Please wait…") : children}
    </button>
  );
}
