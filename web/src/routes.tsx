import { Navigate, type RouteObject } from 'react-router';
import { Placeholder } from './pages/Placeholder';

/**
 * The route table of spec section 2. Public routes first, then the signed-in ones, which
 * the layout's guard protects. Pages are filled in by their features.
 */
export const publicRoutes: RouteObject[] = [
  { index: true, element: <Placeholder title="GNology" /> },
  { path: 'landing', element: <Navigate to="/" replace /> },
  { path: 'login', element: <Placeholder title="Login" /> },
  { path: 'register', element: <Placeholder title="Start Your Free Trial" /> },
  { path: 'about', element: <Placeholder title="About GNology" /> },
  { path: 'about-gene', element: <Placeholder title="About Gene" /> },
  { path: 'pricing', element: <Placeholder title="Pricing" /> },
  { path: 'resources', element: <Placeholder title="Resources" /> },
  { path: 'faq', element: <Placeholder title="Frequently Asked Questions" /> },
  { path: 'tutorial', element: <Placeholder title="Tutorial" /> },
  { path: 'terms', element: <Placeholder title="Terms of Service" /> },
  { path: 'privacy', element: <Placeholder title="Privacy Policy" /> },
];

export const protectedRoutes: RouteObject[] = [
  { path: 'research', element: <Placeholder title="Research" /> },
  { path: 'documents', element: <Placeholder title="Documents" /> },
  { path: 'gallery', element: <Placeholder title="Photo Gallery" /> },
  { path: 'album-creator', element: <Placeholder title="Album Creator" /> },
  { path: 'account', element: <Placeholder title="Account" /> },
  { path: 'dashboard', element: <Placeholder title="Dashboard" /> },
];
