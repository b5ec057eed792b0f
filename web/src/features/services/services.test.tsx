import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Service } from "#shared/schemas/services.ts";
import { renderInApp } from "#web/components/testing.tsx";
import { ServiceCard } from "./components/service-card";
import ServiceFormDialog, { dollarsToCents } from "./components/service-form-dialog";

afterEach(() => vi.restoreAllMocks());

function renderDialog(onClose = () => {}) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ServiceFormDialog onClose={onClose} />
    </QueryClientProvider>,
  );
}

const png = () => new File([new Uint8Array(10)], "p.png", { type: "image/png" });

describe("the service form", () => {
  it("reads the price in dollars and checks it in cents with the API's messages", () => {
    expect(dollarsToCents("25.50")).toBe(2550);
    expect(dollarsToCents(" 5 ")).toBe(500);
    expect(dollarsToCents("")).toBeUndefined();
    renderDialog();
    const price = screen.getByLabelText(/^Price/);
    fireEvent.change(price, { target: { value: "4" } });
    fireEvent.blur(price);
    expect(screen.getByText("The price must be at least $5")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Delivery/), { target: { value: "120" } });
    fireEvent.blur(screen.getByLabelText(/^Delivery/));
    expect(screen.getByText("Delivery takes 1 to 90 days")).toBeTruthy();
  });

  it("takes up to three pictures and sends the form as multipart, price in cents", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(
      new Response(JSON.stringify({ slug: "s", link: "/service/me/s" }), {
        status: 201,
        headers: { "content-type": "application/json" },
      }),
    );
    const onClose = vi.fn();
    renderDialog(onClose);
    const add = screen.getByLabelText("Add pictures");
    // Chosen pictures are made to fit first (shrink-picture.ts), so they appear a moment later.
    fireEvent.change(add, { target: { files: [png(), png(), png(), png()] } });
    expect((await screen.findByRole("alert")).textContent).toBe("Maximum 3 images allowed");
    fireEvent.change(add, { target: { files: [png(), png()] } });
    expect(await screen.findAllByRole("button", { name: /^Remove picture/ })).toHaveLength(2);

    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: "Logo design" } });
    fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: "A logo in three rounds." } });
    fireEvent.change(screen.getByLabelText(/^Category/), { target: { value: "DESIGN" } });
    fireEvent.change(screen.getByLabelText(/^Price/), { target: { value: "25.50" } });
    fireEvent.change(screen.getByLabelText(/^Delivery/), { target: { value: "5" } });
    fireEvent.click(screen.getByRole("button", { name: "List service" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/v1/private/user/service");
    const body = init?.body as FormData;
    expect(body.get("price")).toBe("2550");
    expect(body.get("delivery_days")).toBe("5");
    expect(body.get("skills")).toBe("null");
    expect(body.getAll("images")).toHaveLength(2);
  });
});

describe("a service card", () => {
  const service = (images: string[]): Service => ({
    slug: "newsletter-writing-abc234",
    username: "hana",
    link: "/service/hana/newsletter-writing-abc234",
    owner: {
      username: "hana",
      profile_name: "Hana",
      profile_image: null,
      status: "ACTIVE",
      created_at: "2026-01-01T00:00:00.000Z",
      is_staff: false,
      is_verified_user: false,
      is_verified_business: false,
    },
    title: "Newsletter writing",
    description: "Weekly.",
    category: "WRITING",
    price: 6000,
    delivery_days: 7,
    images,
    skills: [],
    is_active: true,
    user_is_owner: false,
    created_at: "2026-11-01T00:00:00.000Z",
    updated_at: "2026-11-01T00:00:00.000Z",
  });

  it("shows the category's art, not a letter tile, when the service has no picture", async () => {
    const { getByTestId, queryByRole } = await renderInApp(<ServiceCard service={service([])} />);
    const art = getByTestId("category-art");
    expect(art.getAttribute("data-category")).toBe("WRITING");
    expect(art.textContent).toBe("");
    expect(queryByRole("img")).toBeNull();
  });

  it("shows the first picture when there is one", async () => {
    const { container, queryByTestId } = await renderInApp(
      <ServiceCard service={service(["/media/seed/service-3-0.svg"])} />,
    );
    expect(container.querySelector("img")?.getAttribute("src")).toBe("/media/seed/service-3-0.svg");
    expect(queryByTestId("category-art")).toBeNull();
  });
});
