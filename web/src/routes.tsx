import { type ComponentType, lazy, type ReactElement, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { PageLoading } from './components/ui/PageLoading';

/**
 * A page loaded on first visit (its own chunk), behind a calm fallback. Pages keep their
 * named exports; `pick` chooses the component from the module.
 */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ReactElement {
  const Page = lazy(async () => ({ default: pick(await load()) }));
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}

/**
 * The route table of docs/contract.md#screens: public routes, then the signed-in ones, which the
 * layout's guard protects. Each page lives in its own module under pages/<area>/ and is split
 * into its own chunk, so a visitor to /login does not download the content pages.
 */
export const publicRoutes: RouteObject[] = [
  {
    index: true,
    element: page(
      () => import('./pages/landing/LandingPage'),
      (m) => m.LandingPage,
    ),
  },
  { path: 'landing', element: <Navigate to="/" replace /> },
  {
    path: 'login',
    element: page(
      () => import('./pages/auth/LoginPage'),
      (m) => m.LoginPage,
    ),
  },
  {
    path: 'register',
    element: page(
      () => import('./pages/auth/RegisterPage'),
      (m) => m.RegisterPage,
    ),
  },
  {
    path: 'about',
    element: page(
      () => import('./pages/content/AboutPage'),
      (m) => m.AboutPage,
    ),
  },
  {
    path: 'about-gene',
    element: page(
      () => import('./pages/content/AboutGenePage'),
      (m) => m.AboutGenePage,
    ),
  },
  {
    path: 'pricing',
    element: page(
      () => import('./pages/pricing/PricingPage'),
      (m) => m.PricingPage,
    ),
  },
  {
    path: 'resources',
    element: page(
      () => import('./pages/content/ResourcesPage'),
      (m) => m.ResourcesPage,
    ),
  },
  {
    path: 'faq',
    element: page(
      () => import('./pages/content/FaqPage'),
      (m) => m.FaqPage,
    ),
  },
  {
    path: 'tutorial',
    element: page(
      () => import('./pages/content/TutorialPage'),
      (m) => m.TutorialPage,
    ),
  },
  {
    path: 'terms',
    element: page(
      () => import('./pages/content/TermsPage'),
      (m) => m.TermsPage,
    ),
  },
  {
    path: 'privacy',
    element: page(
      () => import('./pages/content/PrivacyPage'),
      (m) => m.PrivacyPage,
    ),
  },
];

export const protectedRoutes: RouteObject[] = [
  {
    path: 'research',
    element: page(
      () => import('./pages/research/ResearchPage'),
      (m) => m.ResearchPage,
    ),
  },
  {
    path: 'documents',
    element: page(
      () => import('./pages/documents/DocumentsPage'),
      (m) => m.DocumentsPage,
    ),
  },
  {
    path: 'gallery',
    element: page(
      () => import('./pages/gallery/GalleryPage'),
      (m) => m.GalleryPage,
    ),
  },
  {
    path: 'people',
    element: page(
      () => import('./pages/people/PeoplePage'),
      (m) => m.PeoplePage,
    ),
  },
  {
    path: 'people/:id',
    element: page(
      () => import('./pages/people/PersonPage'),
      (m) => m.PersonPage,
    ),
  },
  {
    path: 'people/:id/chart',
    element: page(
      () => import('./pages/people/ChartPage'),
      (m) => m.ChartPage,
    ),
  },
  {
    path: 'books',
    element: page(
      () => import('./pages/books/BooksPage'),
      (m) => m.BooksPage,
    ),
  },
  {
    path: 'books/:id',
    element: page(
      () => import('./pages/books/BookPage'),
      (m) => m.BookPage,
    ),
  },
  {
    path: 'album-creator',
    element: page(
      () => import('./pages/album/AlbumCreatorPage'),
      (m) => m.AlbumCreatorPage,
    ),
  },
  {
    path: 'account',
    element: page(
      () => import('./pages/account/AccountPage'),
      (m) => m.AccountPage,
    ),
  },
  {
    path: 'dashboard',
    element: page(
      () => import('./pages/dashboard/DashboardPage'),
      (m) => m.DashboardPage,
    ),
  },
];
