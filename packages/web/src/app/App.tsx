import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useEffect } from "react";
import { createBrowserRouter, RouterProvider } from "react-router";
import { VersionPrompt } from "../features/version/VersionPrompt";
import { LiveUpdates } from "../realtime/LiveUpdates";
import { useAuth } from "../stores/auth";
import { Providers } from "./Providers";
import { routes } from "./routes";

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
const router = createBrowserRouter(routes);

/** The app: Chinese antd, server state, the router, and the start-up checks (version, signed-in user). */
export function App() {
  const loadMe = useAuth((s) => s.loadMe);
  useEffect(() => {
    void loadMe();
  }, [loadMe]);
  return (
    <Providers>
      <QueryClientProvider client={queryClient}>
        <VersionPrompt />
        <LiveUpdates />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Providers>
  );
}
