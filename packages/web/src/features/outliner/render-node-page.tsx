import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { Providers } from "../../app/Providers";
import { NodePage } from "./NodePage";

/** Renders the node page at `path` as the app does (providers, a fresh query client, the routes); tests only. */
export function renderNodePage(path = "/data/1") {
  const router = createMemoryRouter(
    [
      { path: "/data/:id", element: <NodePage /> },
      { path: "/data/:id/:relationName", element: <NodePage /> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <Providers>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Providers>,
  );
  return router;
}
