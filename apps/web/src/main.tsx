import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { Providers } from "./app/providers";
import { queryClient } from "./app/queryClient";
import { router } from "./app/router";
import { sessaoQuery } from "./lib/session";
import "./index.css";

// ask for the session while the first route's code downloads
void queryClient.prefetchQuery(sessaoQuery);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
