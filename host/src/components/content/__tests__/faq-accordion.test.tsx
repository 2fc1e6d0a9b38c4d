import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { FaqAccordion } from "../faq-accordion";

const items = [
  { question: "First?", answer: "Answer one" },
  { question: "Second?", answer: "Answer two" },
  { question: "Third?", answer: "Answer three" },
];

const button = (name: string) => screen.getByRole("button", { name });

describe("FaqAccordion", () => {
  it("starts closed, with each question controlling its answer", () => {
    render(<FaqAccordion id="faq" items={items} mode="single" />);
    for (const { question, answer } of items) {
      const toggle = button(question);
      expect(toggle).toHaveAttribute("aria-expanded", "false");
      const panel = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
      expect(panel).toHaveTextContent(answer);
      expect(panel).not.toBeVisible();
    }
    expect(screen.getAllByRole("heading", { level: 3 })).toHaveLength(3);
  });

  it("single mode: one answer open at a time, and clicking the open one closes it", async () => {
    const user = userEvent.setup();
    render(<FaqAccordion id="faq" items={items} mode="single" />);

    await user.click(button("First?"));
    expect(button("First?")).toHaveAttribute("aria-expanded", "true");
    expect(document.getElementById(button("First?").getAttribute("aria-controls")!)).toHaveTextContent("Answer one");
    expect(screen.getByText("Answer one")).toBeVisible();

    await user.click(button("Second?"));
    expect(button("First?")).toHaveAttribute("aria-expanded", "false");
    expect(button("Second?")).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText("Answer one")).not.toBeVisible();
    expect(screen.getByText("Answer two")).toBeVisible();

    await user.click(button("Second?"));
    expect(button("Second?")).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByText("Answer two")).not.toBeVisible();
    // No landmark per answer: eight of them would crowd the page's landmarks.
    expect(screen.queryByRole("region")).toBeNull();
  });

  it("multiple mode: answers open and close independently", async () => {
    const user = userEvent.setup();
    render(<FaqAccordion id="faq" items={items} mode="multiple" />);

    await user.click(button("First?"));
    await user.click(button("Third?"));
    expect(screen.getByText("Answer one")).toBeVisible();
    expect(screen.getByText("Answer three")).toBeVisible();
    expect(button("Second?")).toHaveAttribute("aria-expanded", "false");

    await user.click(button("First?"));
    expect(button("First?")).toHaveAttribute("aria-expanded", "false");
    expect(button("Third?")).toHaveAttribute("aria-expanded", "true");
  });

  it("is keyboard operable", async () => {
    const user = userEvent.setup();
    render(<FaqAccordion id="faq" items={items} mode="single" />);
    await user.tab();
    expect(button("First?")).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(button("First?")).toHaveAttribute("aria-expanded", "true");
    await user.tab();
    await user.keyboard(" ");
    expect(button("Second?")).toHaveAttribute("aria-expanded", "true");
    expect(button("First?")).toHaveAttribute("aria-expanded", "false");
  });
});
