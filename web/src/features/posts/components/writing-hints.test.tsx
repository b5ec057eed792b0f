import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { WritingHints } from "./writing-hints";

/** The notes beside a title and body the test can read back after a fix. */
function Composer({ title: firstTitle, body: firstBody }: { title: string; body: string }) {
  const [title, setTitle] = useState(firstTitle);
  const [body, setBody] = useState(firstBody);
  return (
    <>
      <output data-testid="title">{title}</output>
      <output data-testid="body">{body}</output>
      <WritingHints title={title} body={body} onTitle={setTitle} onBody={setBody} mediaWithoutAlt={false} />
    </>
  );
}

describe("the composer's writing tips", () => {
  it("offers each fix, and each fix changes the words and takes its tip away", () => {
    render(
      <Composer
        title="𝐁𝐢𝐠 news"
        body='<p>WE ARE OPEN ALL WEEKEND. Come by! #open_source</p><p><img src="/a.png"></p>'
      />,
    );
    expect(screen.getByRole("heading", { name: "Make your post easier for everyone to read" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Use plain letters" }));
    expect(screen.getByTestId("title").textContent).toBe("Big news");
    expect(screen.queryByTestId("writing-hint-fancy")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Use sentence case" }));
    expect(screen.getByTestId("body").textContent).toContain("<p>We are open all weekend. Come by!");

    fireEvent.click(screen.getByRole("button", { name: "Fix hashtags" }));
    expect(screen.getByTestId("body").textContent).toContain("#OpenSource</p>");

    fireEvent.change(screen.getByLabelText("Describe the picture"), { target: { value: "Our shop door" } });
    fireEvent.click(screen.getByRole("button", { name: "Add description" }));
    expect(screen.getByTestId("body").textContent).toContain('<img src="/a.png" alt="Our shop door">');
    expect(screen.queryByTestId("writing-hints")).toBeNull();
  });

  it("can be dismissed tip by tip, and says nothing about calm writing", () => {
    const { unmount } = render(<Composer title="Calm title" body="<p>Calm words. #rust</p>" />);
    expect(screen.queryByTestId("writing-hints")).toBeNull();
    unmount();
    render(<Composer title="Calm title" body="<p>Read about #blacklivesmatter</p>" />);
    expect(screen.getByTestId("writing-hint-tags").textContent).toContain("#blacklivesmatter");
    // No certain fix for words run together: the tip says how, with no button to guess.
    expect(screen.queryByRole("button", { name: "Fix hashtags" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Dismiss this tip" }));
    expect(screen.queryByTestId("writing-hints")).toBeNull();
  });
});
