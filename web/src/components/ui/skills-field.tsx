import { type KeyboardEvent, useId, useState } from "react";
import { FieldLabel } from "#client/form-fields.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { MAX_SKILLS, SKILL_MAX } from "#shared/constants.ts";
import { PEOPLE_MSG } from "#shared/schemas/people.ts";

/**
 * Adds a typed skill: spaces tidied, a repeat (in any case) ignored, and a sixth refused with
 * "Maximum 5 skills allowed". Answers the new list and the problem to show, if any.
 */
function addSkill(skills: string[], typed: string): { skills: string[]; problem: string | null } {
  const skill = typed.trim().replace(/\s+/g, " ");
  if (!skill || skills.some((s) => s.toLowerCase() === skill.toLowerCase())) return { skills, problem: null };
  if (skills.length >= MAX_SKILLS) return { skills, problem: PEOPLE_MSG.skillsMax };
  if (skill.length > SKILL_MAX) return { skills, problem: PEOPLE_MSG.skillMax };
  return { skills: [...skills, skill], problem: null };
}

/**
 * The skills selector of the job settings, the job form and the service form: free text, Enter
 * or a comma adds a chip, Backspace in an empty box removes the last; at most five, each at most
 * SKILL_MAX characters.
 */
export function SkillsField({
  label,
  skills,
  onChange,
  error,
}: {
  label: string;
  skills: string[];
  onChange: (skills: string[]) => void;
  /** A problem from the form or the API (an i18n key), shown when the field has none of its own. */
  error?: string;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const full = skills.length >= MAX_SKILLS;

  const commit = () => {
    const added = addSkill(skills, draft);
    setProblem(added.problem);
    if (added.skills !== skills) onChange(added.skills);
    if (!added.problem) setDraft("");
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter" || e.key === ",") {
      e.preventDefault();
      commit();
    } else if (e.key === "Backspace" && !draft && skills.length) {
      setProblem(null);
      onChange(skills.slice(0, -1));
    }
  };
  const shown = problem ?? error ?? null;

  return (
    <div className="mb-4">
      <FieldLabel htmlFor={id} required={false}>
        {label}
      </FieldLabel>
      <div className="field flex flex-wrap items-center gap-2 py-1.5" data-testid="skills-field">
        {skills.map((skill) => (
          <span
            key={skill}
            className="inline-flex max-w-full items-center gap-1 rounded-full bg-[var(--surface-strong)] py-0.5 pr-1 pl-3 text-sm"
          >
            <span className="wrap-anywhere">{skill}</span>
            <button
              type="button"
              className="grid size-5 shrink-0 place-items-center rounded-full text-[var(--muted)] hover:bg-[var(--hover)]"
              aria-label={t("Remove {{skill}}", { skill })}
              onClick={() => {
                setProblem(null);
                onChange(skills.filter((s) => s !== skill));
              }}
            >
              ×
            </button>
          </span>
        ))}
        <input
          id={id}
          value={draft}
          maxLength={SKILL_MAX}
          onChange={(e) => {
            setDraft(e.target.value.replace(",", ""));
            if (problem) setProblem(null);
          }}
          onKeyDown={onKey}
          onBlur={() => {
            if (draft.trim()) commit();
          }}
          placeholder={full ? "" : t("Type a skill and press Enter")}
          aria-invalid={Boolean(shown)}
          aria-describedby={`${id}-hint`}
          className="min-w-32 flex-1 bg-transparent py-1 text-sm outline-none"
        />
      </div>
      <p
        id={`${id}-hint`}
        className={shown ? "field-error" : "mt-1 text-xs text-[var(--muted)]"}
        role={shown ? "alert" : undefined}
      >
        {shown
          ? t(shown)
          : t("{{count}} of {{max}} skills, up to {{length}} characters each", {
              count: skills.length,
              max: MAX_SKILLS,
              length: SKILL_MAX,
            })}
      </p>
    </div>
  );
}
