import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { Providers } from "../app/Providers";
import { resetSharedController } from "../features/outliner/context";
import { endDrag } from "../features/outliner/drag-store";
import { NodePage } from "../features/outliner/NodePage";
import { resetSelection } from "../features/outliner/selection-store";
import { resetOutline } from "../features/outliner/store";
import { useAuth } from "../stores/auth";

/** A signed-in page with nothing kept from an earlier test: storage, store, ticks, drag, controller. */
export function resetNodePageState(): void {
  localStorage.clear();
  resetOutline();
  resetSelection();
  resetSharedController();
  endDrag();
  useAuth.setState({ loggedIn: true });
}

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
