import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router';
import { Layout } from './components/layout/Layout';
import { RedirectSignedIn, RequireAuth } from './components/layout/RequireAuth';
import { SessionProvider } from './lib/session';
import { protectedRoutes, publicRoutes } from './routes';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });

/** `/` sends a signed-in user to /research; every other public route is as the table says. */
const publicWithLanding: RouteObject[] = publicRoutes.map((r) =>
  r.index ? { ...r, element: <RedirectSignedIn to="/research">{r.element}</RedirectSignedIn> } : r,
);

/** Signed-in-only routes behind the guard ("Loading...", then the page or /login). */
const guarded: RouteObject[] = protectedRoutes.map((r) => ({ ...r, element: <RequireAuth>{r.element}</RequireAuth> }));

// No errorElement: react-router's own fallback says "Unexpected Application Error!", as the spec asks.
const router = createBrowserRouter([{ path: '/', element: <Layout />, children: [...publicWithLanding, ...guarded] }]);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>
  );
}
