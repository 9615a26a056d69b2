import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Toaster } from "../ui/Toaster";
import { ErrorBoundary } from "./ErrorBoundary";
import { queryClient } from "./queryClient";
import { ReconnectingBanner } from "./ReconnectingBanner";

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <ReconnectingBanner />
        {children}
        <Toaster />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
