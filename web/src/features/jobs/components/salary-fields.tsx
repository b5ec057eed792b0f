import { TextField } from "#client/form-fields.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { JOB_SALARY_MAX_USD } from "#shared/constants.ts";
import { Switch } from "#web/components/ui/switch.tsx";

/** The salary part of the job form: whether it is shown, and the two amounts as typed. */
export interface Salary {
  show: boolean;
  min: string;
  max: string;
}

/**
 * The rules of "Show Yearly Salary in USD": switching it on sets both amounts to 0, switching it
 * off clears both (0 and 0 mean "not shown" to the API), and a negative amount becomes 0.
 */
const salaryRules = {
  toggle: (show: boolean): Salary => (show ? { show, min: "0", max: "0" } : { show, min: "", max: "" }),
  amount: (typed: string): string => {
    const n = Number(typed);
    return typed.trim() !== "" && Number.isFinite(n) && n < 0 ? "0" : typed;
  },
};

export function SalaryFields({
  value,
  onChange,
  onBlur,
  errors,
}: {
  value: Salary;
  onChange: (next: Salary) => void;
  onBlur: (field: "min" | "max") => void;
  errors: { min?: string; max?: string };
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="mb-2">
      <legend className="sr-only">{t("Salary")}</legend>
      <Switch
        label={t("Show Yearly Salary in USD")}
        description={t("Whole US dollars a year. Leave it off to show no salary.")}
        checked={value.show}
        onChange={(show) => onChange(salaryRules.toggle(show))}
      />
      {value.show ? (
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField
            label={t("Minimum salary (USD a year)")}
            name="job_minimum_salary"
            type="number"
            inputMode="numeric"
            min={0}
            max={JOB_SALARY_MAX_USD}
            step={1000}
            value={value.min}
            onValue={(min) => onChange({ ...value, min: salaryRules.amount(min) })}
            onBlur={() => onBlur("min")}
            error={errors.min}
          />
          <TextField
            label={t("Maximum salary (USD a year)")}
            name="job_maximum_salary"
            type="number"
            inputMode="numeric"
            min={0}
            max={JOB_SALARY_MAX_USD}
            step={1000}
            value={value.max}
            onValue={(max) => onChange({ ...value, max: salaryRules.amount(max) })}
            onBlur={() => onBlur("max")}
            error={errors.max}
          />
        </div>
      ) : null}
    </fieldset>
  );
}
