import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfirmHost } from "#client/ui/confirm.tsx";
import { MAX_SKILLS, SKILL_MAX } from "#shared/constants.ts";
import { JOBS_MSG, type Job } from "#shared/schemas/jobs.ts";
import { renderInApp } from "#web/components/testing.tsx";
import { SkillsField } from "#web/components/ui/skills-field.tsx";
import { JobFormPage } from "./components/job-form-page";
import { type Salary, SalaryFields } from "./components/salary-fields";
import { isEmailAddress, jobStatusKey, salaryText } from "./format";

afterEach(() => vi.restoreAllMocks());

const t = ((key: string, values?: Record<string, unknown>) =>
  key.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values?.[name]))) as never;

function SalaryHarness({ onChange }: { onChange: (s: Salary) => void }) {
  const [value, setValue] = useState<Salary>({ show: false, min: "", max: "" });
  return (
    <SalaryFields
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      onBlur={() => {}}
      errors={{}}
    />
  );
}

describe("the salary toggle of the job form", () => {
  it("sets both amounts to 0 when switched on, turns a negative amount into 0, and clears both when off", () => {
    const changes: Salary[] = [];
    render(<SalaryHarness onChange={(s) => changes.push(s)} />);
    const toggle = screen.getByRole("switch", { name: "Show Yearly Salary in USD" });
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    expect(screen.queryByLabelText(/^Minimum salary/)).toBeNull();

    fireEvent.click(toggle);
    const min = screen.getByLabelText(/^Minimum salary/) as HTMLInputElement;
    const max = screen.getByLabelText(/^Maximum salary/) as HTMLInputElement;
    expect([min.value, max.value]).toEqual(["0", "0"]);

    fireEvent.change(min, { target: { value: "-20" } });
    expect(min.value).toBe("0");
    fireEvent.change(max, { target: { value: "90000" } });
    expect(max.value).toBe("90000");

    fireEvent.click(toggle);
    expect(screen.queryByLabelText(/^Minimum salary/)).toBeNull();
    expect(changes.at(-1)).toEqual({ show: false, min: "", max: "" });

    fireEvent.click(toggle);
    expect((screen.getByLabelText(/^Maximum salary/) as HTMLInputElement).value).toBe("0");
  });
});

function SkillsHarness({ initial = [] as string[] }) {
  const [skills, setSkills] = useState(initial);
  return <SkillsField label="Skills" skills={skills} onChange={setSkills} />;
}

describe("the skills selector", () => {
  const add = (text: string) => {
    const input = screen.getByLabelText("Skills");
    fireEvent.change(input, { target: { value: text } });
    fireEvent.keyDown(input, { key: "Enter" });
  };
  const chips = () =>
    screen.getAllByRole("button", { name: /^Remove / }).map((b) => b.getAttribute("aria-label"));

  it("takes free text up to five skills and refuses a sixth with the spec's message", () => {
    render(<SkillsHarness />);
    for (const skill of ["React", "  Type   Script ", "react", "Go", "SQL", "Rust"]) add(skill);
    expect(chips()).toEqual(["Remove React", "Remove Type Script", "Remove Go", "Remove SQL", "Remove Rust"]);
    add("Elixir");
    expect(chips()).toHaveLength(MAX_SKILLS);
    expect(screen.getByRole("alert").textContent).toBe("Maximum 5 skills allowed");
    expect((screen.getByLabelText("Skills") as HTMLInputElement).value).toBe("Elixir");
  });

  it("limits a skill's length, and Backspace in the empty box removes the last one", () => {
    render(<SkillsHarness initial={["React", "Go"]} />);
    const input = screen.getByLabelText("Skills") as HTMLInputElement;
    expect(input.maxLength).toBe(SKILL_MAX);
    fireEvent.keyDown(input, { key: "Backspace" });
    expect(chips()).toEqual(["Remove React"]);
    expect(screen.getByText(`1 of ${MAX_SKILLS} skills, up to ${SKILL_MAX} characters each`)).toBeTruthy();
  });
});

describe("job formatting", () => {
  const job = (min: number, max: number) => ({ job_minimum_salary: min, job_maximum_salary: max });

  it("writes salaries as whole US dollars a year, and none for 0 and 0", () => {
    expect(salaryText(job(70000, 95000), t, "en")).toBe("$70,000 – $95,000 a year");
    expect(salaryText(job(0, 50000), t, "en")).toBe("Up to $50,000 a year");
    expect(salaryText(job(60000, 60000), t, "en")).toBe("$60,000 a year");
    expect(salaryText(job(0, 0), t, "en")).toBeNull();
  });

  it("tells an e-mail from a web address, and an expired job from a live one", () => {
    expect(isEmailAddress("jobs@edgeworks.example")).toBe(true);
    expect(isEmailAddress("https://edgeworks.example/careers")).toBe(false);
    expect(isEmailAddress("https://user@host.example")).toBe(false);
    const past = new Date(Date.now() - 1000).toISOString();
    const future = new Date(Date.now() + 1000).toISOString();
    expect(jobStatusKey({ job_status: "CONFIRMED", expires_at: past } as Job)).toBe("EXPIRED");
    expect(jobStatusKey({ job_status: "CONFIRMED", expires_at: future } as Job)).toBe("CONFIRMED");
    expect(jobStatusKey({ job_status: "HOLD", expires_at: past } as Job)).toBe("HOLD");
  });
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("the job form", () => {
  it("stays disabled until valid, asks before posting, says Submitting..., and shows the API's refusal on its field", async () => {
    const posted: FormData[] = [];
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith("/api/v1/private/user/company/list"))
        return json({ list: [], total_list: 0, total_pages: 0 });
      if (url === "/api/v1/private/user/job" && init?.method === "POST") {
        posted.push(init.body as FormData);
        await answered;
        return json(
          {
            detail: `company_name: ${JOBS_MSG.companyTaken}`,
            fields: { company_name: JOBS_MSG.companyTaken },
          },
          403,
        );
      }
      return json({ detail: "unexpected" }, 500);
    });
    await renderInApp(
      <>
        <JobFormPage />
        <ConfirmHost />
      </>,
    );
    const submit = screen.getByRole("button", { name: "Post job" }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);

    const type = (label: RegExp, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type(/^Company name/, "Edgeworks Studio");
    type(/^Job title/, "Senior Frontend Engineer");
    type(/^Job description/, "Build the component library.");
    type(/^Category/, "PROGRAMMING");
    type(/^How to apply/, "jobs@example.com");
    // A company named for the first time needs a logo.
    expect(screen.getByTestId("logo-error").textContent).toBe("Upload a logo file for your company");
    expect(submit.disabled).toBe(true);

    const logo = new File([new Uint8Array(2 * 1024 * 1024)], "logo.png", { type: "image/png" });
    fireEvent.change(screen.getByLabelText("Choose a new company logo"), { target: { files: [logo] } });
    // A picture the browser cannot make smaller (these bytes are no picture) keeps the size rule.
    expect(await screen.findByText("File size 2 MB exceeds limit of 1 MB.")).toBeTruthy();
    expect(submit.disabled).toBe(true);
    const small = new File([new Uint8Array(10)], "logo.png", { type: "image/png" });
    fireEvent.change(screen.getByLabelText("Choose a new company logo"), { target: { files: [small] } });
    await waitFor(() => expect(submit.disabled).toBe(false));

    fireEvent.click(submit);
    const question = await screen.findByRole("alertdialog");
    expect(question.textContent).toContain(
      "Once you submit this job post, it can be edited by admins only. Are you sure you want to post this?",
    );
    act(() => fireEvent.click(within(question).getByRole("button", { name: "Post job" })));
    const sending = (await screen.findByRole("button", { name: "Submitting..." })) as HTMLButtonElement;
    expect(sending.disabled).toBe(true);
    answer();

    await screen.findByText("This company belongs to someone else. Use the name of your own company.");
    expect(posted).toHaveLength(1);
    const sent = posted[0]!;
    expect(sent.get("company_name")).toBe("Edgeworks Studio");
    expect(sent.get("job_category")).toBe("PROGRAMMING");
    expect(sent.get("job_minimum_salary")).toBe("");
    expect(sent.get("company_logo")).toBeInstanceOf(File);
    expect(screen.getByLabelText(/^Company name/).getAttribute("aria-invalid")).toBe("true");
    // Changing the field takes the refusal away.
    type(/^Company name/, "Edgeworks Studio Two");
    expect(
      screen.queryByText("This company belongs to someone else. Use the name of your own company."),
    ).toBeNull();
  });
});
