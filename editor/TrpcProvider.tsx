'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { useState, type ReactNode } from 'react';
import type { AppRouter } from '@/server/router';

const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

/** Typed query and mutation options for the editor's components, e.g. `useQuery(useTRPC().rulesets.list.queryOptions())`. */
export { useTRPC };

/** Wraps the app so client components can call the tRPC API through TanStack Query. */
export function TrpcProvider({ children }: { children: ReactNode }) {
  // One client per browser tab; useState keeps them from being rebuilt on every render.
  const [queryClient] = useState(() => new QueryClient());
  const [trpcClient] = useState(() => createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: '/api/trpc' })] }));
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
