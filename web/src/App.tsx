import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, Outlet, RouterProvider } from 'react-router';
import { protectedRoutes, publicRoutes } from './routes';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });

function Shell() {
  return <Outlet />;
}

// No errorElement: react-router's own fallback says "Unexpected Application Error!", as the spec asks.
const router = createBrowserRouter([{ path: '/', element: <Shell />, children: [...publicRoutes, ...protectedRoutes] }]);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
