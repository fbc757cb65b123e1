import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router';
import { Layout } from './components/layout/Layout';
import { RedirectSignedIn, RequireAuth } from './components/layout/RequireAuth';
import { SessionProvider } from './lib/session';
import { NotFoundPage } from './pages/errors/NotFoundPage';
import { RouteErrorPage } from './pages/errors/RouteErrorPage';
import { protectedRoutes, publicRoutes } from './routes';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });

/** `/` sends a signed-in user to /research; every other public route is as the table says. */
const publicWithLanding: RouteObject[] = publicRoutes.map((r) =>
  r.index ? { ...r, element: <RedirectSignedIn to="/research">{r.element}</RedirectSignedIn> } : r,
);

/** Signed-in-only routes behind the guard ("Loading...", then the page or /login). */
const guarded: RouteObject[] = protectedRoutes.map((r) => ({ ...r, element: <RequireAuth>{r.element}</RequireAuth> }));

/**
 * The pages sit in a pathless route whose errorElement shows a page that threw inside the layout
 * (header and footer stay); the root's catches what the layout itself throws. An address no
 * route knows gets the 404 page, also inside the layout.
 */
const router = createBrowserRouter([
  {
    path: '/',
    element: <Layout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [...publicWithLanding, ...guarded, { path: '*', element: <NotFoundPage /> }],
      },
    ],
  },
]);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>
  );
}
